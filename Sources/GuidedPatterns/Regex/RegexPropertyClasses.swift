import Synchronization

/// The code points of a Unicode property escape (`\p{Letter}`, `\p{gc=Nd}`, `\p{White_Space}`),
/// computed from `Unicode.Scalar.Properties` once per property and cached.
enum RegexPropertyClasses {
    private static let cache = Mutex<[String: RegexScalarSet]>([:])

    /// The set `\p{name}` matches; nil for a property Swift cannot answer (scripts) or an unknown name.
    static func set(named name: String) -> RegexScalarSet? {
        if let cached = cache.withLock({ $0[name] }) { return cached }
        guard let predicate = predicate(for: name) else { return nil }
        var ranges: [ClosedRange<UInt32>] = []
        var start: UInt32?
        var value: UInt32 = 0
        while value <= RegexScalarSet.maximumCodePoint {
            if (0xD800...0xDFFF).contains(value) {
                if let open = start {
                    ranges.append(open...(value - 1))
                    start = nil
                }
                value = 0xE000
                continue
            }
            let member = predicate(Unicode.Scalar(value)!)
            if member, start == nil { start = value }
            if !member, let open = start {
                ranges.append(open...(value - 1))
                start = nil
            }
            value += 1
        }
        if let open = start { ranges.append(open...RegexScalarSet.maximumCodePoint) }
        let set = RegexScalarSet(ranges)
        cache.withLock { $0[name] = set }
        return set
    }

    private static func predicate(for name: String) -> ((Unicode.Scalar) -> Bool)? {
        var name = name
        for prefix in ["General_Category=", "gc="] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        if let categories = generalCategories[name] {
            return { categories.contains($0.properties.generalCategory) }
        }
        switch name {
        case "Any": return { _ in true }
        case "ASCII": return { $0.isASCII }
        case "Assigned": return { $0.properties.generalCategory != .unassigned }
        case "Alphabetic", "Alpha": return { $0.properties.isAlphabetic }
        case "White_Space", "space": return { $0.properties.isWhitespace }
        case "Uppercase", "Upper": return { $0.properties.isUppercase }
        case "Lowercase", "Lower": return { $0.properties.isLowercase }
        case "ASCII_Hex_Digit", "AHex": return { $0.properties.isASCIIHexDigit }
        case "Hex_Digit", "Hex": return { $0.properties.isHexDigit }
        case "Emoji": return { $0.properties.isEmoji }
        case "Ideographic", "Ideo": return { $0.properties.isIdeographic }
        case "ID_Start", "IDS": return { $0.properties.isIDStart }
        case "ID_Continue", "IDC": return { $0.properties.isIDContinue }
        case "Noncharacter_Code_Point", "NChar": return { $0.properties.isNoncharacterCodePoint }
        case "Math": return { $0.properties.isMath }
        case "Dash": return { $0.properties.isDash }
        default: return nil
        }
    }

    private static let generalCategories: [String: Set<Unicode.GeneralCategory>] = {
        let letters: [(String, String, Unicode.GeneralCategory)] = [
            ("Lu", "Uppercase_Letter", .uppercaseLetter), ("Ll", "Lowercase_Letter", .lowercaseLetter),
            ("Lt", "Titlecase_Letter", .titlecaseLetter), ("Lm", "Modifier_Letter", .modifierLetter),
            ("Lo", "Other_Letter", .otherLetter),
            ("Mn", "Nonspacing_Mark", .nonspacingMark), ("Mc", "Spacing_Mark", .spacingMark),
            ("Me", "Enclosing_Mark", .enclosingMark),
            ("Nd", "Decimal_Number", .decimalNumber), ("Nl", "Letter_Number", .letterNumber),
            ("No", "Other_Number", .otherNumber),
            ("Pc", "Connector_Punctuation", .connectorPunctuation), ("Pd", "Dash_Punctuation", .dashPunctuation),
            ("Ps", "Open_Punctuation", .openPunctuation), ("Pe", "Close_Punctuation", .closePunctuation),
            ("Pi", "Initial_Punctuation", .initialPunctuation), ("Pf", "Final_Punctuation", .finalPunctuation),
            ("Po", "Other_Punctuation", .otherPunctuation), ("Sm", "Math_Symbol", .mathSymbol),
            ("Sc", "Currency_Symbol", .currencySymbol),
            ("Sk", "Modifier_Symbol", .modifierSymbol), ("So", "Other_Symbol", .otherSymbol),
            ("Zs", "Space_Separator", .spaceSeparator),
            ("Zl", "Line_Separator", .lineSeparator), ("Zp", "Paragraph_Separator", .paragraphSeparator),
            ("Cc", "Control", .control),
            ("Cf", "Format", .format), ("Cs", "Surrogate", .surrogate), ("Co", "Private_Use", .privateUse),
            ("Cn", "Unassigned", .unassigned),
        ]
        var table: [String: Set<Unicode.GeneralCategory>] = [:]
        for (short, long, category) in letters {
            table[short] = [category]
            table[long] = [category]
        }
        let groups: [(String, String, String)] = [
            ("L", "Letter", "L"), ("LC", "Cased_Letter", "L"), ("M", "Mark", "M"), ("N", "Number", "N"),
            ("P", "Punctuation", "P"),
            ("S", "Symbol", "S"), ("Z", "Separator", "Z"), ("C", "Other", "C"),
        ]
        for (short, long, initial) in groups {
            var members = Set(letters.filter { $0.0.hasPrefix(initial) }.map(\.2))
            if short == "LC" { members = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter] }
            table[short] = members
            table[long] = members
        }
        table["digit"] = [.decimalNumber]
        table["punct"] = table["P"]
        return table
    }()
}
