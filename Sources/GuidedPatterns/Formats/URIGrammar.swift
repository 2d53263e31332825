/// RFC 3986 URIs and URI references, and RFC 3987 IRIs (which also allow non-ASCII characters).
package enum URIGrammar {
    /// Whether `text` is a URI (`absolute`) or URI reference; with `international`, an IRI.
    package static func matches(_ text: String, absolute: Bool, international: Bool) -> Bool {
        var parser = Parser(scalars: Array(text.unicodeScalars), international: international)
        return parser.reference(absolute: absolute)
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let international: Bool

        mutating func reference(absolute: Bool) -> Bool {
            var rest = scalars[...]
            var fragment: ArraySlice<Unicode.Scalar>?
            if let hash = rest.firstIndex(of: "#") {
                fragment = rest[(hash + 1)...]
                rest = rest[..<hash]
            }
            var query: ArraySlice<Unicode.Scalar>?
            if let question = rest.firstIndex(of: "?") {
                query = rest[(question + 1)...]
                rest = rest[..<question]
            }
            if let fragment, !isQueryOrFragment(fragment, query: false) { return false }
            if let query, !isQueryOrFragment(query, query: true) { return false }
            var hasScheme = false
            if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/"), isScheme(rest[..<colon]) {
                hasScheme = true
                rest = rest[(colon + 1)...]
            }
            if absolute && !hasScheme { return false }
            if rest.starts(with: ["/", "/"]) {
                rest = rest.dropFirst(2)
                let end = rest.firstIndex(of: "/") ?? rest.endIndex
                guard isAuthority(rest[..<end]) else { return false }
                rest = rest[end...]
                return segments(rest).allSatisfy { isSegment($0) }
            }
            let parts = segments(rest)
            guard parts.allSatisfy({ isSegment($0) }) else { return false }
            // A relative path's first segment cannot hold a colon (it would read as a scheme).
            if !hasScheme, rest.first != "/", let first = parts.first, first.contains(":") { return false }
            return true
        }

        private func segments(_ path: ArraySlice<Unicode.Scalar>) -> [ArraySlice<Unicode.Scalar>] {
            path.split(separator: "/", omittingEmptySubsequences: false)
        }

        private func isScheme(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
            guard let first = s.first, isAlpha(first) else { return false }
            return s.allSatisfy { isAlpha($0) || isDigit($0) || "+-.".unicodeScalars.contains($0) }
        }

        private func isAuthority(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
            var hostPort = s
            if let at = s.firstIndex(of: "@") {
                let userinfo = s[..<at]
                guard isRun(userinfo, extra: ":") else { return false }
                hostPort = s[(at + 1)...]
            }
            var host = hostPort
            var port: ArraySlice<Unicode.Scalar> = []
            if hostPort.first == "[" {
                guard let close = hostPort.firstIndex(of: "]") else { return false }
                host = hostPort[...close]
                let after = hostPort[(close + 1)...]
                if !after.isEmpty {
                    guard after.first == ":" else { return false }
                    port = after.dropFirst()
                }
                guard isIPLiteral(host.dropFirst().dropLast()) else { return false }
            } else {
                if let colon = hostPort.firstIndex(of: ":") {
                    host = hostPort[..<colon]
                    port = hostPort[(colon + 1)...]
                }
                guard isRun(host, extra: "") else { return false }
            }
            return port.allSatisfy(isDigit)
        }

        private func isIPLiteral(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
            if let first = s.first, first == "v" || first == "V" {
                guard let dot = s.firstIndex(of: "."), dot > s.startIndex + 1 else { return false }
                let version = s[(s.startIndex + 1)..<dot]
                let rest = s[(dot + 1)...]
                return version.allSatisfy(isHexDigit) && !rest.isEmpty
                    && rest.allSatisfy { isUnreserved($0, ascii: true) || isSubDelimiter($0) || $0 == ":" }
            }
            guard s.allSatisfy(\.isASCII) else { return false }
            return FormatChecker.isIPv6(s.map { UInt8($0.value) }[...])
        }

        /// Characters allowed in a path segment (`pchar`).
        private func isSegment(_ s: ArraySlice<Unicode.Scalar>) -> Bool { isRun(s, extra: ":@") }

        private func isQueryOrFragment(_ s: ArraySlice<Unicode.Scalar>, query: Bool) -> Bool {
            guard isRun(s, extra: ":@/?", privateUse: query) else { return false }
            return true
        }

        /// Unreserved, sub-delimiters, percent-encoded triplets and the `extra` characters.
        private func isRun(_ s: ArraySlice<Unicode.Scalar>, extra: String, privateUse: Bool = false) -> Bool {
            var index = s.startIndex
            while index < s.endIndex {
                let c = s[index]
                if c == "%" {
                    guard index + 2 < s.endIndex, isHexDigit(s[index + 1]), isHexDigit(s[index + 2])
                    else { return false }
                    index += 3
                    continue
                }
                guard
                    isUnreserved(c, ascii: false) || isSubDelimiter(c) || extra.unicodeScalars.contains(c)
                        || (international && privateUse && isPrivateUse(c))
                else { return false }
                index += 1
            }
            return true
        }

        private func isUnreserved(_ c: Unicode.Scalar, ascii: Bool) -> Bool {
            if isAlpha(c) || isDigit(c) || "-._~".unicodeScalars.contains(c) { return true }
            return !ascii && international && isUCSChar(c)
        }

        private func isSubDelimiter(_ c: Unicode.Scalar) -> Bool { "!$&'()*+,;=".unicodeScalars.contains(c) }
        private func isAlpha(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
        private func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
        private func isHexDigit(_ c: Unicode.Scalar) -> Bool {
            isDigit(c) || (c >= "a" && c <= "f") || (c >= "A" && c <= "F")
        }

        /// RFC 3987 `ucschar`.
        private func isUCSChar(_ c: Unicode.Scalar) -> Bool {
            let v = c.value
            if (0xA0...0xD7FF).contains(v) || (0xF900...0xFDCF).contains(v) || (0xFDF0...0xFFEF).contains(v) {
                return true
            }
            if (0x10000...0xDFFFD).contains(v) { return v & 0xFFFF <= 0xFFFD }
            return (0xE1000...0xEFFFD).contains(v)
        }

        /// RFC 3987 `iprivate` (allowed in queries).
        private func isPrivateUse(_ c: Unicode.Scalar) -> Bool {
            let v = c.value
            return (0xE000...0xF8FF).contains(v) || (0xF0000...0xFFFFD).contains(v) || (0x100000...0x10FFFD).contains(v)
        }
    }
}
