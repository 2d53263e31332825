/// Parsing of one alternative: a sequence of items, each optionally followed by quantifiers.
extension GBNFParser {
    /// Where the item a quantifier applies to starts, and how many rules llama.cpp counts for it.
    struct SequenceState {
        /// Index in the rule body where the last item starts (llama.cpp `last_sym_start`).
        var lastItemStart: Int
        /// llama.cpp `n_prev_rules`: product used for the nested-repetition limit.
        var previousRules: UInt64 = 1
    }

    /// Parses items until something that cannot continue a sequence (`|`, `)`, a line break at top
    /// level, or the end of input).
    mutating func parseSequence(owner: String, into body: inout [GBNFElement], nested: Bool) throws(GBNFParseError) {
        var state = SequenceState(lastItemStart: body.count)
        while !scanner.atEnd {
            let start = scanner.position
            let scalar = scanner.peek()
            switch scalar {
            case 0x22: // '"' string literal
                state = SequenceState(lastItemStart: body.count)
                scanner.position += 1
                while !scanner.at("\"") {
                    if scanner.atEnd { throw scanner.error("unterminated string literal", at: start) }
                    let character = try scanner.readCharacter(in: "string literal", openedAt: start)
                    body.append(.chars(.single(character)))
                }
                scanner.position += 1
            case 0x5B: // '[' character class
                state = SequenceState(lastItemStart: body.count)
                try parseCharacterClass(into: &body, start: start)
            case 0x3C, 0x21: // '<' or '!' token reference
                state = SequenceState(lastItemStart: body.count)
                body.append(.token(try parseToken(start: start)))
            case 0x28: // '(' group
                scanner.position += 1
                scanner.skipSpace(newlines: true)
                let before = symbolCount
                let group = generateSymbol(owner: owner)
                try parseAlternatives(owner: owner, into: group, nested: true)
                state = SequenceState(
                    lastItemStart: body.count,
                    previousRules: UInt64(max(1, symbolCount - before)))
                body.append(.rule(group))
                guard scanner.at(")") else {
                    let (line, column) = scanner.location(of: start)
                    throw scanner.error(
                        "expecting ')' to close the group opened at \(line):\(column), found \(scanner.found)")
                }
                scanner.position += 1
            case 0x2E: // '.' any character
                state = SequenceState(lastItemStart: body.count)
                body.append(.chars(.any))
                scanner.position += 1
            case 0x2A, 0x2B, 0x3F: // '*', '+', '?'
                scanner.position += 1
                let (min, max): (UInt64, UInt64?) = scalar == 0x2A ? (0, nil) : scalar == 0x2B ? (1, nil) : (0, 1)
                try applyRepetition(min: min, max: max, owner: owner, body: &body, state: &state, at: start)
            case 0x7B: // '{' counted repetition
                let (min, max) = try parseRepetitionBounds(nested: nested)
                try applyRepetition(min: min, max: max, owner: owner, body: &body, state: &state, at: start)
                continue // bounds parsing already skipped trailing space
            default:
                if GBNFScanner.isWordScalar(scalar) { // rule reference
                    let name = try scanner.readName()
                    let id = symbolID(for: name)
                    if firstReferences[id] == nil { firstReferences[id] = start }
                    state = SequenceState(lastItemStart: body.count)
                    body.append(.rule(id))
                } else {
                    return
                }
            }
            scanner.skipSpace(newlines: nested)
        }
    }

    /// `[...]` / `[^...]` with single characters and `a-z` ranges.
    ///
    /// As in llama.cpp, a reversed range like `z-a` matches nothing, `-` is literal first, last
    /// or escaped, and an empty class `[]` / `[^]` produces no element at all, so it matches the
    /// empty string (reported as a warning).
    mutating func parseCharacterClass(into body: inout [GBNFElement], start: Int) throws(GBNFParseError) {
        scanner.position += 1
        var negated = false
        if scanner.at("^") {
            negated = true
            scanner.position += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var isEmpty = true
        while !scanner.at("]") {
            if scanner.atEnd { throw scanner.error("unterminated character class", at: start) }
            let low = try scanner.readCharacter(in: "character class", openedAt: start)
            var high = low
            if scanner.at("-") && scanner.peek(1) != 0x5D {
                scanner.position += 1
                high = try scanner.readCharacter(in: "character class", openedAt: start)
            }
            isEmpty = false
            if low <= high { ranges.append(low...high) }
        }
        scanner.position += 1
        if isEmpty {
            warn("empty character class matches the empty string (as in llama.cpp)", at: start)
        } else {
            body.append(.chars(GBNFCharSet(ranges: ranges, negated: negated)))
        }
    }

    /// `<[id]>`, `<text>`, `!<[id]>`, `!<text>`.
    mutating func parseToken(start: Int) throws(GBNFParseError) -> GBNFTokenReference {
        var negated = false
        if scanner.at("!") {
            negated = true
            scanner.position += 1
        }
        guard scanner.at("<") else {
            throw scanner.error("expecting '<' after '!', found \(scanner.found)")
        }
        let open = scanner.position
        scanner.position += 1
        var id: UInt32?
        if scanner.at("[") {
            scanner.position += 1
            let value = try scanner.readInteger()
            guard value <= UInt64(UInt32.max) else { throw scanner.error("token id out of range", at: open) }
            id = UInt32(value)
            guard scanner.at("]") else { throw scanner.error("expecting ']' in token id, found \(scanner.found)") }
            scanner.position += 1
            guard scanner.at(">") else { throw scanner.error("expecting '>' after token id, found \(scanner.found)") }
            scanner.position += 1
        } else {
            while !scanner.atEnd && !scanner.at(">") { scanner.position += 1 }
            guard scanner.at(">") else { throw scanner.error("unterminated token reference", at: open) }
            scanner.position += 1
        }
        let text = String(
            String.UnicodeScalarView(
                scanner.text[open..<scanner.position].compactMap(Unicode.Scalar.init)))
        let kind =
            id == nil
            ? "needs a model vocabulary (llama.cpp requires it to be exactly one token)" : "refers to a model token"
        warn(
            "token reference \(negated ? "!" : "")\(text) \(kind); text matching treats it as matching nothing",
            at: start)
        return GBNFTokenReference(id: id, text: text, negated: negated)
    }
}
