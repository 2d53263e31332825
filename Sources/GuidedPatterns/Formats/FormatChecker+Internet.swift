/// Host names, addresses and email (RFC 1123, 5890–5893, 2673, 4291, 5321, 6531).
extension FormatChecker {
    /// The label separators IDNA 2008 (UTS #46) accepts besides `.`.
    private static let wideDots: Set<Unicode.Scalar> = ["\u{3002}", "\u{FF0E}", "\u{FF61}"]

    /// A host name: dot-separated labels of letters, digits and hyphens (each `xn--` label a
    /// valid A-label); with `international`, U-labels too and the ideographic full stops.
    package static func isHostname(_ string: String, international: Bool) -> Bool {
        let scalars = Array(string.unicodeScalars)
        let separators: Set<Unicode.Scalar> = international ? wideDots.union(["."]) : ["."]
        let labels = scalars.split(omittingEmptySubsequences: false, whereSeparator: separators.contains).map(
            Array.init)
        guard !scalars.isEmpty else { return false }
        var asciiLength = labels.count - 1
        var unicodeLabels: [[Unicode.Scalar]] = []
        for label in labels {
            guard !label.isEmpty else { return false }
            if label.allSatisfy(\.isASCII) {
                let bytes = label.map { UInt8($0.value) }
                guard bytes.count <= 63, bytes.allSatisfy({ isLetterDigit($0) || $0 == UInt8(ascii: "-") }),
                    bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-")
                else { return false }
                if bytes.count >= 4, bytes[2] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: "-") {
                    // Reserved for A-labels: `xn--` followed by valid Punycode.
                    guard bytes[0] | 0x20 == UInt8(ascii: "x"), bytes[1] | 0x20 == UInt8(ascii: "n"),
                        IDNA.isValidALabel(bytes),
                        let decoded = Punycode.decode(Array(bytes.dropFirst(4)).map { $0 | 0x20 })
                    else { return false }
                    unicodeLabels.append(decoded.compactMap(Unicode.Scalar.init))
                } else {
                    unicodeLabels.append(label)
                }
                asciiLength += bytes.count
            } else {
                guard international, IDNA.isValidULabel(label), let encoded = Punycode.encode(label.map(\.value)),
                    encoded.count + 4 <= 63
                else { return false }
                unicodeLabels.append(label)
                asciiLength += encoded.count + 4
            }
        }
        return asciiLength <= 253 && IDNA.satisfiesBidiRule(unicodeLabels)
    }

    private static func isLetterDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// Four decimal octets 0–255 without leading zeros.
    package static func isIPv4(_ s: ArraySlice<UInt8>) -> Bool {
        let parts = s.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard let value = digits(part), part.count <= 3, value <= 255 else { return false }
            return part.count == 1 || part.first != UInt8(ascii: "0")
        }
    }

    /// Eight groups of up to four hex digits, one `::` standing for any run of zero groups, the
    /// last two groups optionally a dotted quad.
    package static func isIPv6(_ s: ArraySlice<UInt8>) -> Bool {
        guard !s.isEmpty, s.allSatisfy({ $0 < 0x80 }) else { return false }
        var text = s
        var groupsNeeded = 8
        if let lastColon = text.lastIndex(of: UInt8(ascii: ":")), text[(lastColon + 1)...].contains(UInt8(ascii: ".")) {
            guard isIPv4(text[(lastColon + 1)...]) else { return false }
            groupsNeeded = 6
            text = text[...lastColon]
            // Keep a trailing "::" whole; drop a single separating colon.
            if !(text.count >= 2 && text.suffix(2).elementsEqual("::".utf8)) { text = text.dropLast() }
        }
        let doubleColons = text.indices.dropLast().filter {
            text[$0] == UInt8(ascii: ":") && text[$0 + 1] == UInt8(ascii: ":")
        }
        guard doubleColons.count <= 1 else { return false }
        func groups(_ part: ArraySlice<UInt8>) -> Int? {
            if part.isEmpty { return 0 }
            let pieces = part.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard pieces.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(isHex) }) else { return nil }
            return pieces.count
        }
        if let double = doubleColons.first {
            guard let left = groups(text[..<double]), let right = groups(text[(double + 2)...]) else { return false }
            return left + right < groupsNeeded
        }
        return groups(text) == groupsNeeded
    }

    /// `local@domain` (RFC 5321): a dot-atom or quoted-string local part of at most 64 octets;
    /// a host name or an address literal. With `international` (RFC 6531), UTF-8 in both parts.
    package static func isEmail(_ string: String, international: Bool) -> Bool {
        guard let at = string.lastIndex(of: "@") else { return false }
        let local = string[..<at]
        let domain = string[string.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, local.utf8.count <= 64 else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
            var escaped = false
            for scalar in local.unicodeScalars.dropFirst().dropLast() {
                if escaped {
                    escaped = false
                    continue
                }
                if scalar == "\\" {
                    escaped = true
                    continue
                }
                if scalar == "\"" || (scalar.value < 0x20 && scalar != "\t") || (!international && scalar.value > 0x7E)
                {
                    return false
                }
            }
            if escaped { return false }
        } else {
            let atext = Set(
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~".unicodeScalars)
            let atoms = local.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false)
            guard
                atoms.allSatisfy({
                    !$0.isEmpty && $0.allSatisfy { atext.contains($0) || (international && $0.value >= 0x80) }
                })
            else {
                return false
            }
        }
        if domain.hasPrefix("[") {
            guard domain.hasSuffix("]") else { return false }
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return isIPv6(Array(literal.dropFirst(5).utf8)[...]) }
            return isIPv4(Array(literal.utf8)[...])
        }
        if international && !domain.unicodeScalars.allSatisfy(\.isASCII) {
            // RFC 6531 allows any UTF-8 domain; its labels are not held to IDNA here.
            return !domain.unicodeScalars.contains { $0.value < 0x21 || "@[]\\\"".unicodeScalars.contains($0) }
                && !domain.split(separator: ".", omittingEmptySubsequences: false).contains { $0.isEmpty }
        }
        return isHostname(String(domain), international: false)
    }
}
