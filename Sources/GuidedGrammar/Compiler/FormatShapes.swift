import GuidedPatterns
import GuidedSchema

/// A format's shape in a grammar: a regular expression whose every match passes the format's
/// check, so the grammar never writes a string the validator rejects, and its length range.
struct FormatShape {
    /// The anchored regular expression the grammar's string content follows.
    let regex: String
    /// The valid forms the shape leaves out (the validator still checks them after generation).
    let leftOut: String
    /// The fewest characters a string of the shape has.
    let minimumLength: Int
    /// The most characters a string of the shape has; nil when unbounded.
    let maximumLength: Int?
}

/// Regular expressions that give each supported format its shape in a grammar. Each one is
/// exact in one direction: everything it matches passes ``StringFormat``'s validator; the
/// valid forms it leaves out are named in ``FormatShape/leftOut``, and the model cannot write
/// them.
enum FormatShapes {
    static func shape(for format: StringFormat) -> FormatShape? {
        switch format {
        case .date: FormatShape(regex: "^\(date)$", leftOut: "", minimumLength: 10, maximumLength: 10)
        case .time: FormatShape(regex: "^\(time)$", leftOut: leapSeconds, minimumLength: 9, maximumLength: nil)
        case .dateTime:
            FormatShape(regex: "^\(date)[Tt]\(time)$", leftOut: leapSeconds, minimumLength: 20, maximumLength: nil)
        case .uuid:
            FormatShape(
                regex: "^\(hex){8}-\(hex){4}-\(hex){4}-\(hex){4}-\(hex){12}$", leftOut: "", minimumLength: 36,
                maximumLength: 36)
        case .ipv4: FormatShape(regex: "^\(ipv4)$", leftOut: "", minimumLength: 7, maximumLength: 15)
        case .ipv6: FormatShape(regex: "^\(ipv6)$", leftOut: "", minimumLength: 2, maximumLength: 45)
        case .hostname:
            FormatShape(regex: "^\(hostname)$", leftOut: longHostnames, minimumLength: 1, maximumLength: 251)
        case .email:
            FormatShape(
                regex: "^\(emailLocal)@\(hostname)$",
                leftOut: "quoted local parts, address literals, dotted local parts beyond 31+32 or 3×20 characters, "
                    + longHostnames, minimumLength: 3, maximumLength: 316)
        case .uri:
            FormatShape(
                regex: "^\(uri)$", leftOut: "IPvFuture hosts (http://[v1.x]/)", minimumLength: 2, maximumLength: nil)
        default: nil
        }
    }

    private static let leapSeconds = "leap seconds other than 23:59:60 at offset zero"
    private static let longHostnames =
        "xn-- labels, host names of more than 5 labels or with a label after the first beyond 46 characters"

    /// Each shape's regular expression, parsed once.
    private static let patterns: [StringFormat: RegexPattern] = {
        var patterns: [StringFormat: RegexPattern] = [:]
        for format in StringFormat.allCases {
            if let shape = shape(for: format) { patterns[format] = try? RegexPattern(shape.regex) }
        }
        return patterns
    }()

    /// The format's shape as a parsed regular expression; nil when the format has no shape.
    static func pattern(for format: StringFormat) -> RegexPattern? { patterns[format] }

    /// Each shape translated to GBNF, once.
    private static let templates: [StringFormat: FormatRuleTemplate] = {
        var templates: [StringFormat: FormatRuleTemplate] = [:]
        for (format, pattern) in patterns {
            templates[format] = FormatRuleTemplate(pattern, prefix: "format-\(format.rawValue)")
        }
        return templates
    }()

    /// The format's shape translated to GBNF; nil when the format has no shape.
    static func template(for format: StringFormat) -> FormatRuleTemplate? { templates[format] }

    /// Whether the grammar for `format` writes `string`; nil when the format has no shape.
    static func writes(_ string: String, as format: StringFormat) -> Bool? {
        pattern(for: format)?.matches(string)
    }

    static let hex = "[0-9a-fA-F]"

    // MARK: Dates and times (RFC 3339)

    /// `YYYY-MM-DD` with each month's real length; 29 February only in leap years (divisible
    /// by 4, and by 400 when divisible by 100).
    static let date: String = {
        let thirtyOne = "(0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])"
        let thirty = "(0[469]|11)-(0[1-9]|[12][0-9]|30)"
        let february = "02-(0[1-9]|1[0-9]|2[0-8])"
        let leapYear = "([0-9]{2}([02468][48]|[13579][26]|[2468]0)|([02468][048]|[13579][26])00)"
        return "([0-9]{4}-(\(thirtyOne)|\(thirty)|\(february))|\(leapYear)-02-29)"
    }()

    /// `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second only where it is 23:59:60 UTC without
    /// arithmetic, that is with a zero offset.
    static let time: String = {
        let fraction = "(\\.[0-9]+)?"
        let hour = "([01][0-9]|2[0-3])"
        let ordinary = "\(hour):[0-5][0-9]:[0-5][0-9]\(fraction)([Zz]|[+-]\(hour):[0-5][0-9])"
        let leap = "23:59:60\(fraction)([Zz]|[+-]00:00)"
        return "(\(ordinary)|\(leap))"
    }()

    // MARK: Addresses (RFC 2673, 4291)

    static let ipv4: String = {
        let octet = "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
        return "\(octet)\\.\(octet)\\.\(octet)\\.\(octet)"
    }()

    /// Eight groups, or `::` standing for at least one zero group between `left` groups before
    /// it and the rest after it; the last two groups may be a dotted quad.
    static let ipv6: String = {
        let group = "\(hex){1,4}"
        var forms = ["(\(group):){7}\(group)", "(\(group):){6}\(ipv4)"]
        for left in 0...7 {
            let before = left == 0 ? "" : left == 1 ? group : "(\(group):){\(left - 1)}\(group)"
            var after: [String] = []
            if left < 7 { after.append("\(group)(:\(group)){0,\(6 - left)}") }
            if left < 6 { after.append("(\(group):){0,\(5 - left)}\(ipv4)") }
            forms.append(after.isEmpty ? "\(before)::" : "\(before)::(\(after.joined(separator: "|")))?")
        }
        return "(" + forms.joined(separator: "|") + ")"
    }()

    // MARK: Host names and email (RFC 1123, 5321)

    /// A label of letters, digits and hyphens, 1 to `length` long (at least 5), neither
    /// starting nor ending with a hyphen and without hyphens as its 3rd and 4th characters
    /// (reserved for `xn--` A-labels, which the validator decodes).
    static func label(upTo length: Int) -> String {
        let letterDigit = "[a-zA-Z0-9]"
        let any = "[a-zA-Z0-9-]"
        let long = "\(any)(\(letterDigit)\(any)|-\(letterDigit))\(any){0,\(length - 5)}\(letterDigit)"
        return "\(letterDigit)(\(letterDigit)?|\(any)\(letterDigit)|\(any)\(any)\(letterDigit)|\(long))"
    }

    /// A first label of up to 63 and at most 4 more of up to 46: 251 characters, within the 253
    /// a host name may have.
    static let hostname = "\(label(upTo: 63))(\\.\(label(upTo: 46))){0,4}"

    /// A dot-atom local part of at most 64 characters: one atom of up to 64, two of up to 31
    /// and 32, or three of up to 20.
    static let emailLocal: String = {
        let atom = "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]"
        return "(\(atom){1,64}|\(atom){1,31}\\.\(atom){1,32}|\(atom){1,20}\\.\(atom){1,20}\\.\(atom){1,20})"
    }()

    // MARK: URIs (RFC 3986)

    /// `scheme:[//authority]path[?query][#fragment]` with a registered-name or IPv6 host.
    static let uri: String = {
        let percent = "%\(hex){2}"
        let unreservedSub = "a-zA-Z0-9._~!$&'()*+,;="
        let pchar = "([\(unreservedSub):@-]|\(percent))"
        let userinfo = "([\(unreservedSub):-]|\(percent))*"
        let host = "(([\(unreservedSub)-]|\(percent))*|\\[\(ipv6)\\])"
        let authority = "(\(userinfo)@)?\(host)(:[0-9]*)?"
        let segments = "(/\(pchar)*)*"
        let hierarchy = "(//\(authority)\(segments)|/(\(pchar)+\(segments))?|\(pchar)+\(segments))?"
        let queryOrFragment = "([\(unreservedSub):@/?-]|\(percent))*"
        return "[a-zA-Z][a-zA-Z0-9+.-]*:\(hierarchy)(\\?\(queryOrFragment))?(#\(queryOrFragment))?"
    }()
}
