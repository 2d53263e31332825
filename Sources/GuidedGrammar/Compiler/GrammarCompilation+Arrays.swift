import GuidedSchema

extension GrammarCompilation {
    /// A JSON array: positional `prefixItems`, then `items`, with the element count bounded.
    mutating func arrayExpression(_ c: ArrayConstraints, name: String, at pointer: JSONPointer) throws(GrammarError)
        -> String
    {
        if let unique = try uniqueArrayExpression(c, name: name, at: pointer) { return unique }
        var c = c
        if c.uniqueItems { record(pointer.appending("uniqueItems"), "uniqueItems", .checkedAfter) }
        if c.contains != nil { record(pointer.appending("contains"), "contains", .checkedAfter) }
        if c.minContains != nil { record(pointer.appending("minContains"), "minContains", .checkedAfter) }
        if c.maxContains != nil { record(pointer.appending("maxContains"), "maxContains", .checkedAfter) }
        // A position that admits no value ends every valid array before it.
        if let blocked = c.prefixItems.firstIndex(where: { $0.kind == .nothing }) {
            c.prefixItems = Array(c.prefixItems.prefix(blocked))
            c.items = .nothing
        }
        let limit = GrammarOptions.maximumEnforcedCount
        let k = c.prefixItems.count
        var minimum = c.minItems ?? 0
        var maximum = c.maxItems
        if c.items.kind == .nothing { maximum = min(maximum ?? k, k) }
        if let max = maximum, max - k > limit {
            record(
                pointer.appending("maxItems"), "maxItems", .checkedAfter,
                "above the largest count the grammar enforces (\(limit))")
            maximum = nil
        } else if c.maxItems != nil {
            record(pointer.appending("maxItems"), "maxItems", .enforced)
        }
        if minimum - k > limit {
            record(
                pointer.appending("minItems"), "minItems", .checkedAfter,
                "above the largest count the grammar enforces (\(limit))")
            minimum = 0
        } else if c.minItems != nil {
            record(pointer.appending("minItems"), "minItems", .enforced)
        }
        if let maximum, minimum > maximum {
            throw GrammarError(
                "no array length satisfies minItems and maxItems", remedy: "fix the counts", at: pointer,
                unsatisfiable: true)
        }
        var prefix: [String] = []
        for (index, node) in c.prefixItems.enumerated() {
            let expression = try expression(
                node, name: "\(name)-\(index)", at: pointer.appending("prefixItems").appending(index))
            prefix.append(ruleOrInline(expression, name: "\(name)-\(index)"))
        }
        if k > 0 { record(pointer.appending("prefixItems"), "prefixItems", .enforced) }

        var alternatives: [String] = []
        // Arrays that end inside the prefix.
        if minimum < k {
            for count in minimum..<k where maximum.map({ count <= $0 }) ?? true {
                alternatives.append(bracketed(Array(prefix.prefix(count))))
            }
        }
        // Arrays that run past the prefix.
        if c.items.kind != .nothing, maximum.map({ $0 > k }) ?? true {
            let itemExpression = try expression(c.items, name: "\(name)-item", at: pointer.appending("items"))
            let item = ruleOrInline(itemExpression, name: "\(name)-item")
            let restMin = max(minimum - k, 0)
            let restMax = maximum.map { $0 - k }
            let separated = "(" + sequence(["\",\"", item]) + ")"
            if k == 0 {
                if restMin == 0 {
                    let tail = restMax.map { $0 - 1 }
                    let repeated = tail == 0 ? "" : repetition(of: separated, min: 0, max: tail, name: "\(name)-items")
                    alternatives.append(sequence(["\"[\"", "(" + sequence([item, repeated]) + ")?", "\"]\""]))
                } else {
                    let tailMax = restMax.map { $0 - 1 }
                    let repeated =
                        tailMax == 0
                        ? "" : repetition(of: separated, min: restMin - 1, max: tailMax, name: "\(name)-items")
                    alternatives.append(sequence(["\"[\"", item, repeated, "\"]\""]))
                }
            } else {
                let rest =
                    restMin == 0 && restMax == 0
                    ? "" : repetition(of: separated, min: restMin, max: restMax, name: "\(name)-items")
                alternatives.append(sequence(["\"[\"", commaSeparated(prefix), rest, "\"]\""]))
            }
        } else if k == 0, maximum == 0 {
            alternatives.append(sequence(["\"[\"", "\"]\""]))
        } else if minimum <= k, maximum.map({ $0 >= k }) ?? true, k > 0 {
            alternatives.append(bracketed(prefix))
        }
        if c.items.kind != .any && c.items.kind != .nothing { record(pointer.appending("items"), "items", .enforced) }
        guard !alternatives.isEmpty else {
            throw GrammarError(
                "no array satisfies these counts", remedy: "fix minItems, maxItems and prefixItems", at: pointer,
                unsatisfiable: true)
        }
        return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " | ") + ")"
    }

    private mutating func bracketed(_ elements: [String]) -> String {
        sequence(["\"[\"", commaSeparated(elements), "\"]\""])
    }

    private mutating func commaSeparated(_ elements: [String]) -> String {
        var parts: [String] = []
        for (index, element) in elements.enumerated() {
            if index > 0 { parts.append("\",\"") }
            parts.append(element)
        }
        return sequence(parts)
    }
}

extension GrammarCompilation {
    /// `item` repeated between `min` and `max` times. A count above llama.cpp's limit is spelled in
    /// chunks (``GBNFSpelling/repeated(_:min:max:)``) and given a rule of its own: llama.cpp
    /// refuses a quantifier on a group holding 2,000 or more generated rules, so the chunks must
    /// not sit inline in an optional property or an optional array tail.
    mutating func repetition(of item: String, min: Int, max: Int?, name: String) -> String {
        let spelled = GBNFSpelling.repeated(item, min: min, max: max)
        guard Swift.max(min, max ?? 0) > GrammarOptions.maximumRepetition else { return spelled }
        return rules.addRule(named: name, body: spelled)
    }
}
