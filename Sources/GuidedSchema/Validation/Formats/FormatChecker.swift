/// Checks strings against the ``StringFormat``s, following the RFCs JSON Schema names for each
/// (and the optional format tests of the JSON-Schema-Test-Suite where the RFCs leave room).
enum FormatChecker {
    static func check(_ string: String, _ format: StringFormat) -> Bool {
        let s = Array(string.utf8)
        switch format {
        case .date: return isDate(s[...])
        case .time: return isTime(s[...])
        case .dateTime:
            guard let t = s.firstIndex(where: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }) else {
                return false
            }
            return isDate(s[..<t]) && isTime(s[(t + 1)...])
        case .duration: return isDuration(s)
        case .uuid: return isUUID(s)
        case .email: return isEmail(string, international: false)
        case .idnEmail: return isEmail(string, international: true)
        case .hostname: return isHostname(string, international: false)
        case .idnHostname: return isHostname(string, international: true)
        case .ipv4: return isIPv4(s[...])
        case .ipv6: return isIPv6(s[...])
        case .uri: return URIGrammar.matches(string, absolute: true, international: false)
        case .uriReference: return URIGrammar.matches(string, absolute: false, international: false)
        case .iri: return URIGrammar.matches(string, absolute: true, international: true)
        case .iriReference: return URIGrammar.matches(string, absolute: false, international: true)
        case .uriTemplate: return isURITemplate(string)
        case .jsonPointer: return isJSONPointer(string)
        case .relativeJSONPointer: return isRelativeJSONPointer(string)
        case .regex: return isRegex(string)
        }
    }
}
