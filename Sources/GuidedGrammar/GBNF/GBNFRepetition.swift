/// Quantifiers: `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`, expanded into helper rules as llama.cpp does.
extension GBNFParser {
    /// Parses `{m}`, `{m,}` or `{m,n}` (the scanner is on `{`) and applies llama.cpp's limits:
    /// a minimum above 2000 is an error, a maximum above 2000 means "unbounded" (with a warning),
    /// and a minimum above the maximum is an error (llama.cpp exhausts memory on it).
    /// Leaves the scanner after the closing brace and any following space.
    mutating func parseRepetitionBounds(nested: Bool) throws(GBNFParseError) -> (UInt64, UInt64?) {
        let start = scanner.position
        scanner.position += 1
        scanner.skipSpace(newlines: nested)
        guard GBNFScanner.isDigit(scanner.peek()) else {
            throw scanner.error("expecting an integer after '{', found \(scanner.found)")
        }
        let min = try scanner.readInteger()
        scanner.skipSpace(newlines: nested)
        var max: UInt64?
        if scanner.at("}") {
            max = min
        } else if scanner.at(",") {
            scanner.position += 1
            scanner.skipSpace(newlines: nested)
            if GBNFScanner.isDigit(scanner.peek()) {
                max = try scanner.readInteger()
                scanner.skipSpace(newlines: nested)
            }
            guard scanner.at("}") else {
                throw scanner.error("expecting '}' to close the repetition, found \(scanner.found)")
            }
        } else {
            throw scanner.error("expecting ',' or '}' in repetition, found \(scanner.found)")
        }
        scanner.position += 1
        scanner.skipSpace(newlines: nested)

        let limit = Self.repetitionThreshold
        if min > limit {
            throw scanner.error("minimum repetition count \(min) exceeds the limit of \(limit)", at: start)
        }
        if let bound = max, bound > limit {
            warn(
                "maximum repetition count \(bound) exceeds \(limit) and is treated as unbounded (as in llama.cpp)",
                at: start)
            max = nil
        }
        if let bound = max, min > bound {
            throw scanner.error("minimum repetition count \(min) is greater than the maximum \(bound)", at: start)
        }
        return (min, max)
    }

    /// Rewrites the last item `S` of `body` (llama.cpp `handle_repetitions`):
    ///
    ///     S{m,n} --> S (m times) S'(n-m);   S'(x) ::= S S'(x-1) |   ...   S'(1) ::= S |
    ///     S{m,}  --> S (m times) S';        S'    ::= S S' |
    ///
    /// and enforces the nested-repetition limit: llama.cpp's `n_prev_rules * total_rules` must
    /// stay below 2000.
    mutating func applyRepetition(
        min: UInt64, max: UInt64?, owner: String,
        body: inout [GBNFElement], state: inout SequenceState, at start: Int
    ) throws(GBNFParseError) {
        guard state.lastItemStart < body.count else {
            throw scanner.error("quantifier has no preceding item to repeat", at: start)
        }
        let item = Array(body[state.lastItemStart...])
        var totalRules: UInt64 = 1
        if let bound = max, bound > 0 {
            totalRules = bound
        } else if min > 0 {
            totalRules = min
        }
        let (product, overflow) = state.previousRules.multipliedReportingOverflow(by: totalRules)
        if overflow || product >= Self.repetitionThreshold {
            throw scanner.error(
                "repetition expands to too many rules (\(state.previousRules) × \(totalRules) ≥ "
                    + "\(Self.repetitionThreshold)); reduce the repetition counts or nesting",
                at: start)
        }
        if min == 0 {
            body.removeSubrange(state.lastItemStart...)
        } else {
            var copies: UInt64 = 1
            while copies < min {
                body.append(contentsOf: item)
                copies += 1
            }
        }
        let optionalCount: UInt64 = max.map { $0 - min } ?? 1
        var lastHelper = 0
        var index: UInt64 = 0
        while index < optionalCount {
            let helper = generateSymbol(owner: owner)
            var helperBody = item
            if max == nil {
                helperBody.append(.rule(helper))
            } else if index > 0 {
                helperBody.append(.rule(lastHelper))
            }
            helperBody.append(.alternative)
            rules[helper] = helperBody
            lastHelper = helper
            index += 1
        }
        if optionalCount > 0 {
            body.append(.rule(lastHelper))
        }
        state.previousRules = product
    }
}
