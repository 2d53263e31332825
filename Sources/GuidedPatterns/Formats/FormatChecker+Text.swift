/// JSON Pointers, URI templates and regular expressions.
extension FormatChecker {
    /// RFC 6901: empty, or `/`-separated tokens where `~` is always `~0` or `~1`.
    package static func isJSONPointer(_ string: String) -> Bool {
        guard string.isEmpty || string.hasPrefix("/") else { return false }
        var scalars = string.unicodeScalars.makeIterator()
        while let c = scalars.next() {
            if c == "~" {
                guard let next = scalars.next(), next == "0" || next == "1" else { return false }
            }
        }
        return true
    }

    /// A non-negative integer without leading zeros, then `#` or a JSON Pointer.
    package static func isRelativeJSONPointer(_ string: String) -> Bool {
        let scalars = Array(string.unicodeScalars)
        let digitCount = scalars.prefix { $0 >= "0" && $0 <= "9" }.count
        guard digitCount > 0, scalars[0] != "0" || digitCount == 1 else { return false }
        let rest = String(String.UnicodeScalarView(scalars[digitCount...]))
        return rest == "#" || isJSONPointer(rest)
    }

    /// RFC 6570 level 4: literals and `{op var:prefix, var*}` expressions.
    package static func isURITemplate(_ string: String) -> Bool {
        var scalars = Array(string.unicodeScalars)[...]
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            if c == "{" {
                guard let close = scalars.firstIndex(of: "}") else { return false }
                guard isTemplateExpression(scalars[..<close]) else { return false }
                scalars = scalars[(close + 1)...]
            } else if c == "%" {
                guard scalars.count >= 2, scalars.prefix(2).allSatisfy({ $0.properties.isASCIIHexDigit }) else {
                    return false
                }
                scalars = scalars.dropFirst(2)
            } else {
                // Literals: anything but controls, space and " ' < > \ ^ ` { | }.
                if c.value <= 0x20 || c.value == 0x7F || "\"<>\\^`{|}".unicodeScalars.contains(c) { return false }
            }
        }
        return true
    }

    private static func isTemplateExpression(_ body: ArraySlice<Unicode.Scalar>) -> Bool {
        var body = body
        if let first = body.first, "+#./;?&=,!@|".unicodeScalars.contains(first) {
            guard "+#./;?&".unicodeScalars.contains(first) else { return false }
            body = body.dropFirst()
        }
        let specs = body.split(separator: ",", omittingEmptySubsequences: false)
        return !specs.isEmpty && specs.allSatisfy(isVariableSpec)
    }

    private static func isVariableSpec(_ spec: ArraySlice<Unicode.Scalar>) -> Bool {
        var name = spec
        if spec.last == "*" {
            name = spec.dropLast()
        } else if let colon = spec.firstIndex(of: ":") {
            name = spec[..<colon]
            let length = spec[(colon + 1)...]
            guard (1...4).contains(length.count), length.allSatisfy({ $0 >= "0" && $0 <= "9" }), length.first != "0"
            else { return false }
        }
        guard !name.isEmpty, name.first != ".", name.last != "." else { return false }
        var index = name.startIndex
        var previousDot = false
        while index < name.endIndex {
            let c = name[index]
            if c == "%" {
                guard index + 2 < name.endIndex, name[index + 1].properties.isASCIIHexDigit,
                    name[index + 2].properties.isASCIIHexDigit
                else { return false }
                index += 3
                previousDot = false
                continue
            }
            if c == "." {
                if previousDot { return false }
                previousDot = true
            } else {
                guard (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" else {
                    return false
                }
                previousDot = false
            }
            index += 1
        }
        return true
    }

    /// An ECMA-262 regular expression (with the `u` flag's syntax).
    package static func isRegex(_ string: String) -> Bool {
        (try? RegexParser.parse(string, extended: true)) != nil
    }
}
