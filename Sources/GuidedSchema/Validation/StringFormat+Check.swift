import GuidedPatterns

extension StringFormat {
    /// Whether `string` is written in this format.
    package func admits(_ string: String) -> Bool {
        let s = Array(string.utf8)
        switch self {
        case .date: return FormatChecker.isDate(s[...])
        case .time: return FormatChecker.isTime(s[...])
        case .dateTime:
            guard let t = s.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) else {
                return false
            }
            return FormatChecker.isDate(s[..<t]) && FormatChecker.isTime(s[(t + 1)...])
        case .duration: return FormatChecker.isDuration(s)
        case .uuid: return FormatChecker.isUUID(s)
        case .email: return FormatChecker.isEmail(string, international: false)
        case .idnEmail: return FormatChecker.isEmail(string, international: true)
        case .hostname: return FormatChecker.isHostname(string, international: false)
        case .idnHostname: return FormatChecker.isHostname(string, international: true)
        case .ipv4: return FormatChecker.isIPv4(s[...])
        case .ipv6: return FormatChecker.isIPv6(s[...])
        case .uri: return URIGrammar.matches(string, absolute: true, international: false)
        case .uriReference: return URIGrammar.matches(string, absolute: false, international: false)
        case .iri: return URIGrammar.matches(string, absolute: true, international: true)
        case .iriReference: return URIGrammar.matches(string, absolute: false, international: true)
        case .uriTemplate: return FormatChecker.isURITemplate(string)
        case .jsonPointer: return FormatChecker.isJSONPointer(string)
        case .relativeJSONPointer: return FormatChecker.isRelativeJSONPointer(string)
        case .regex: return FormatChecker.isRegex(string)
        }
    }
}
