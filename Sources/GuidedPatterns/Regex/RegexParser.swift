/// Recursive-descent parser for the supported ECMA-262 subset.
///
/// Grammar: `disjunction := alternative ('|' alternative)*`,
/// `alternative := term*`, `term := '^' | '$' | atom quantifier?`.
struct RegexParser {
    /// Largest repetition count accepted in `{m,n}`.
    static let maximumRepetitionCount = 100_000
    /// Deepest group nesting accepted. Every pass over a pattern (this parser, the matchers, the
    /// grammar lowering) recurses once per level: 15,000 nested groups overflowed the stack
    /// (SIGSEGV), in a schema's `pattern` and in a model's answer for a `format: regex` string.
    static let maximumGroupDepth = 200

    let scalars: [Unicode.Scalar]
    /// Whether the whole of ECMA-262 (with the `u` flag) is accepted: lookaround,
    /// backreferences and word boundaries; else those are errors (the linear-time subset).
    let extended: Bool
    var position = 0
    var groupDepth = 0
    /// Capturing groups opened so far.
    var captureCount = 0
    /// Named groups and their numbers.
    var groupNames: [String: Int] = [:]
    /// Named backreferences seen before the end, resolved once every group is known.
    var namedReferences: [(name: String, offset: Int)] = []
    /// The largest numbered backreference, checked once every group is known.
    var largestReference: (number: Int, offset: Int)?

    init(_ source: String, extended: Bool) {
        scalars = Array(source.unicodeScalars)
        self.extended = extended
    }

    /// Parses `source`; `extended` accepts the constructs outside the linear-time subset.
    static func parse(_ source: String, extended: Bool = false) throws(RegexSyntaxError) -> RegexNode {
        var parser = RegexParser(source, extended: extended)
        var node = try parser.parseDisjunction()
        if parser.position < parser.scalars.count {
            // Only an unmatched ')' stops the top-level disjunction.
            throw parser.error("unmatched ')'", remedy: "remove it or escape it as \\)")
        }
        if let (number, offset) = parser.largestReference, number > parser.captureCount {
            throw parser.error(
                "backreference \\\(number) names a group that does not exist", at: offset,
                remedy: "refer to one of the \(parser.captureCount) capturing groups")
        }
        if !parser.namedReferences.isEmpty {
            node = try parser.resolvingNamedReferences(node)
        }
        return node
    }

    // MARK: Cursor

    var atEnd: Bool { position >= scalars.count }

    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = position + ahead
        return index < scalars.count ? scalars[index] : nil
    }

    func error(_ message: String, at offset: Int? = nil, remedy: String) -> RegexSyntaxError {
        RegexSyntaxError(offset: offset ?? position, message: message, remedy: remedy)
    }

    // MARK: Structure

    mutating func parseDisjunction() throws(RegexSyntaxError) -> RegexNode {
        var alternatives = [try parseAlternative()]
        while peek() == "|" {
            position += 1
            alternatives.append(try parseAlternative())
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    mutating func parseAlternative() throws(RegexSyntaxError) -> RegexNode {
        var terms: [RegexNode] = []
        while let scalar = peek(), scalar != "|", scalar != ")" {
            terms.append(try parseTerm())
        }
        switch terms.count {
        case 0: return .empty
        case 1: return terms[0]
        default: return .sequence(terms)
        }
    }

    mutating func parseTerm() throws(RegexSyntaxError) -> RegexNode {
        let atom: RegexNode
        switch peek()! {
        case "^":
            position += 1
            try rejectQuantifier(after: "^")
            return .startAnchor
        case "$":
            position += 1
            try rejectQuantifier(after: "$")
            return .endAnchor
        case "*", "+", "?":
            throw error(
                "nothing to repeat before '\(peek()!)'", remedy: "escape it with a backslash or put an atom before it")
        case "{":
            if (try? peekQuantifierBraces()) != nil {
                throw error("nothing to repeat before '{'", remedy: "escape it as \\{ or put an atom before it")
            }
            throw error("lone '{' is not a valid quantifier", remedy: "escape it as \\{")
        case "}":
            throw error("lone '}'", remedy: "escape it as \\}")
        case "]":
            throw error("lone ']'", remedy: "escape it as \\]")
        case "(":
            atom = try parseGroup()
            if case .lookaround = atom {
                if let next = peek(),
                    next == "*" || next == "+" || next == "?" || (next == "{" && (try? peekQuantifierBraces()) != nil)
                {
                    throw error("a lookaround assertion cannot be quantified", remedy: "remove the quantifier")
                }
                return atom
            }
        case "[":
            atom = .characterClass(try parseClass())
        case ".":
            position += 1
            atom = .anyCharacter
        case "\\":
            atom = try parseAtomEscape()
        default:
            atom = .literal(peek()!)
            position += 1
        }
        return try parseQuantifier(applyingTo: atom)
    }

    mutating func rejectQuantifier(after anchor: String) throws(RegexSyntaxError) {
        guard let next = peek() else { return }
        if next == "*" || next == "+" || next == "?" || (next == "{" && (try? peekQuantifierBraces()) != nil) {
            throw error(
                "the anchor '\(anchor)' cannot be quantified", remedy: "remove the quantifier after '\(anchor)'")
        }
    }

    mutating func parseGroup() throws(RegexSyntaxError) -> RegexNode {
        let open = position
        position += 1
        var capturing = true
        var lookaround: (ahead: Bool, negated: Bool)?
        if peek() == "?" {
            switch peek(1) {
            case ":":
                capturing = false
                position += 2
            case "=", "!":
                guard extended else {
                    throw error(
                        "lookahead assertions are not supported", at: open,
                        remedy: "rewrite the pattern without (?= ) / (?! ), e.g. with alternation or a character class")
                }
                lookaround = (true, peek(1) == "!")
                position += 2
            case "<" where peek(2) == "=" || peek(2) == "!":
                guard extended else {
                    throw error(
                        "lookbehind assertions are not supported", at: open,
                        remedy: "rewrite the pattern without (?<= ) / (?<! )")
                }
                lookaround = (false, peek(2) == "!")
                position += 3
            case "<":
                position += 2
                captureCount += 1
                let name = try parseGroupName(groupStart: open)
                guard groupNames.updateValue(captureCount, forKey: name) == nil else {
                    throw error(
                        "duplicate group name \"\(name)\"", at: open, remedy: "give each named group its own name")
                }
            default:
                throw error(
                    "inline flags and modifier groups are not supported", at: open,
                    remedy: "use ( ) or (?: ) groups only; patterns are case-sensitive and single-line")
            }
        }
        if capturing && lookaround == nil && position == open + 1 { captureCount += 1 }
        guard groupDepth < Self.maximumGroupDepth else {
            throw error(
                "groups nest more than \(Self.maximumGroupDepth) levels deep", at: open,
                remedy: "flatten the pattern: a regular expression this deep cannot be checked safely")
        }
        groupDepth += 1
        let inner = try parseDisjunction()
        groupDepth -= 1
        guard peek() == ")" else {
            throw error("unterminated group", at: open, remedy: "add the missing ')' or escape the '(' as \\(")
        }
        position += 1
        if let lookaround { return .lookaround(inner, ahead: lookaround.ahead, negated: lookaround.negated) }
        return .group(inner, capturing: capturing)
    }

    mutating func parseGroupName(groupStart: Int) throws(RegexSyntaxError) -> String {
        let nameStart = position
        while let scalar = peek(), scalar != ">" {
            let isIdentifier =
                scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
                || (position > nameStart && scalar.properties.numericType != nil)
            guard isIdentifier else {
                throw error("invalid character in group name", remedy: "use letters, digits, '_' or '$' in group names")
            }
            position += 1
        }
        guard peek() == ">", position > nameStart else {
            throw error("malformed group name", at: groupStart, remedy: "write named groups as (?<name> ... )")
        }
        position += 1
        return String(String.UnicodeScalarView(scalars[nameStart..<(position - 1)]))
    }

    // MARK: Quantifiers

    /// Reads `{m}`, `{m,}` or `{m,n}` at the cursor without consuming it; returns the bounds and length.
    func peekQuantifierBraces() throws(RegexSyntaxError) -> (min: Int, max: Int?, length: Int) {
        var index = position + 1
        func number() throws(RegexSyntaxError) -> Int? {
            let start = index
            var value = 0
            while index < scalars.count, let digit = asciiDigit(scalars[index]) {
                value = Swift.min(value * 10 + digit, Int(Int32.max))
                index += 1
            }
            return index > start ? value : nil
        }
        guard let minimum = try number() else { throw error("not a quantifier", remedy: "") }
        var maximum: Int? = minimum
        if index < scalars.count, scalars[index] == "," {
            index += 1
            maximum = try number()
        }
        guard index < scalars.count, scalars[index] == "}" else { throw error("not a quantifier", remedy: "") }
        return (minimum, maximum, index + 1 - position)
    }

    mutating func parseQuantifier(applyingTo atom: RegexNode) throws(RegexSyntaxError) -> RegexNode {
        let bounds: (min: Int, max: Int?)
        switch peek() {
        case "*":
            bounds = (0, nil)
            position += 1
        case "+":
            bounds = (1, nil)
            position += 1
        case "?":
            bounds = (0, 1)
            position += 1
        case "{":
            guard let braces = try? peekQuantifierBraces() else {
                throw error(
                    "lone '{' is not a valid quantifier", remedy: "escape it as \\{ or write {m}, {m,} or {m,n}")
            }
            if let maximum = braces.max, braces.min > maximum {
                throw error(
                    "numbers out of order in {\(braces.min),\(maximum)} quantifier",
                    remedy: "write the smaller bound first")
            }
            if braces.min > Self.maximumRepetitionCount || (braces.max ?? 0) > Self.maximumRepetitionCount {
                throw error(
                    "repetition count above \(Self.maximumRepetitionCount)",
                    remedy: "use smaller bounds or an unbounded quantifier")
            }
            bounds = (braces.min, braces.max)
            position += braces.length
        default:
            return atom
        }
        if peek() == "?" { position += 1 } // lazy: same language, parsed as greedy
        if let next = peek(),
            next == "*" || next == "+" || next == "?" || (next == "{" && (try? peekQuantifierBraces()) != nil)
        {
            throw error(
                "nothing to repeat: a quantifier cannot follow another quantifier",
                remedy: "wrap the quantified part in (?: ) before quantifying it again")
        }
        return .repetition(atom, min: bounds.min, max: bounds.max)
    }
}

/// The value of an ASCII decimal digit, else nil.
func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
    scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
}

/// The value of an ASCII hex digit, else nil.
func asciiHexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar.value {
    case 0x30...0x39: return scalar.value - 0x30
    case 0x41...0x46: return scalar.value - 0x41 + 10
    case 0x61...0x66: return scalar.value - 0x61 + 10
    default: return nil
    }
}

extension RegexParser {
    /// The tree with every `\k<name>` (a negative placeholder) replaced by its group number.
    func resolvingNamedReferences(_ node: RegexNode) throws(RegexSyntaxError) -> RegexNode {
        switch node {
        case .backreference(let number) where number < 0:
            let (name, offset) = namedReferences[-number - 1]
            guard let group = groupNames[name] else {
                throw error("\\k<\(name)> names no group", at: offset, remedy: "define the group with (?<\(name)> … )")
            }
            return .backreference(group)
        case .sequence(let children):
            return .sequence(try children.map { child throws(RegexSyntaxError) in try resolvingNamedReferences(child) })
        case .alternation(let children):
            return .alternation(
                try children.map { child throws(RegexSyntaxError) in try resolvingNamedReferences(child) })
        case .group(let child, let capturing): return .group(try resolvingNamedReferences(child), capturing: capturing)
        case .repetition(let child, let min, let max):
            return .repetition(try resolvingNamedReferences(child), min: min, max: max)
        case .lookaround(let child, let ahead, let negated):
            return .lookaround(try resolvingNamedReferences(child), ahead: ahead, negated: negated)
        default: return node
        }
    }
}
