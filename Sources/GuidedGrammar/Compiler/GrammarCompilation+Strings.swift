import GuidedPatterns
import GuidedSchema

extension GrammarCompilation {
    /// A JSON string: patterned, formatted, or free text with length bounds.
    mutating func stringExpression(_ c: StringConstraints, name: String, at pointer: JSONPointer) throws(GrammarError)
        -> String
    {
        if let low = c.minLength, let high = c.maxLength, low > high {
            throw GrammarError(
                "minLength \(low) is greater than maxLength \(high)", remedy: "make minLength at most maxLength",
                at: pointer.appending("minLength"), unsatisfiable: true)
        }
        if let pattern = c.pattern,
            let content = patternContent(pattern, name: name, at: pointer.appending("pattern"), keyword: "pattern")
        {
            for keyword in ["minLength", "maxLength"] where (keyword == "minLength" ? c.minLength : c.maxLength) != nil
            {
                record(pointer.appending(keyword), keyword, .checkedAfter, "combined with a pattern")
            }
            if let format = c.format {
                record(
                    pointer.appending("format"), "format", .checkedAfter, "\(format.rawValue) combined with a pattern")
            }
            return "\"\\\"\" " + content + " \"\\\"\""
        } else if let format = c.format {
            if let content = formatContent(format, c, at: pointer) { return content }
        } else if c.pattern == nil, options.groundedVocabulary != nil {
            return groundedString(c, at: pointer)
        }
        return lengthBoundedString(c, at: pointer)
    }

    /// The format's shape (``FormatShapes``), with length bounds enforced where every string of
    /// the shape meets them and checked after otherwise; nil (the format checked after) when the
    /// format has no shape.
    private mutating func formatContent(
        _ format: StringFormat, _ c: StringConstraints, at pointer: JSONPointer
    ) -> String? {
        guard let shape = FormatShapes.shape(for: format) else {
            record(pointer.appending("format"), "format", .checkedAfter, "\(format.rawValue) has no grammar shape")
            return nil
        }
        guard let content = formatRule(format) else {
            record(pointer.appending("format"), "format", .checkedAfter, "\(format.rawValue) shape not translated")
            return nil
        }
        let note = shape.leftOut.isEmpty ? format.rawValue : "\(format.rawValue); not written: \(shape.leftOut)"
        record(pointer.appending("format"), "format", .enforced, note)
        if let minimum = c.minLength {
            let holds = minimum <= shape.minimumLength
            record(
                pointer.appending("minLength"), "minLength", holds ? .enforced : .checkedAfter,
                holds ? "every \(format.rawValue) is as long" : "combined with a format")
        }
        if let maximum = c.maxLength {
            let holds = shape.maximumLength.map { maximum >= $0 } ?? false
            record(
                pointer.appending("maxLength"), "maxLength", holds ? .enforced : .checkedAfter,
                holds ? "no \(format.rawValue) is longer" : "combined with a format")
        }
        return "\"\\\"\" " + content + " \"\\\"\""
    }

    /// The rule for the format's string content, translated and defined on first use.
    private mutating func formatRule(_ format: StringFormat) -> String? {
        if let defined = formatRules[format] { return defined }
        guard let template = FormatShapes.template(for: format) else { return nil }
        let rule = rules.addRule(named: "format-\(format.rawValue)", body: template.define(in: &rules))
        formatRules[format] = rule
        return rule
    }

    mutating func patternContent(
        _ regex: String, name: String, at pointer: JSONPointer, keyword: String
    ) -> String? {
        guard let pattern = try? RegexPattern(regex) else {
            record(pointer, keyword, .checkedAfter, "outside the regex subset")
            return nil
        }
        do {
            let content = try RegexGrammarTranslator.contentExpression(
                for: pattern, ruleNamePrefix: name, rules: &rules)
            record(pointer, keyword, .enforced)
            return content
        } catch {
            record(pointer, keyword, .checkedAfter, error.message)
            return nil
        }
    }

    /// Free text under grounded decoding (``GroundedTextRules``): one or more words whose
    /// specifics all come from the vocabulary. With quotations to restate, the first such string
    /// restates them instead (``RestatementRules``). Length bounds beyond "at least one character"
    /// are checked after generation.
    private mutating func groundedString(_ c: StringConstraints, at pointer: JSONPointer) -> String {
        record(
            pointer, "grounded", .enforced,
            "numbers, dates, ordinals and capitalised names only from the request's facts")
        if let minimum = c.minLength {
            record(
                pointer.appending("minLength"), "minLength", minimum <= 1 ? .enforced : .checkedAfter,
                minimum <= 1 ? "" : "grounded text is not length-bounded in the grammar")
        }
        if c.maxLength != nil {
            record(
                pointer.appending("maxLength"), "maxLength", .checkedAfter,
                "grounded text is not length-bounded in the grammar")
        }
        if let restated = options.groundedVocabulary?.restated, !restatementDefined {
            restatementDefined = true
            record(
                pointer, "restated", .enforced,
                "the facts the request quotes, word for word, after a short lead-in of its own words")
            return "\"\\\"\" " + RestatementRules(restated).define(in: &rules) + " \"\\\"\""
        }
        let text: String
        if let defined = groundedTextRule {
            text = defined
        } else {
            text = GroundedTextRules(
                options.groundedVocabulary ?? GroundedVocabulary(specifics: [], forbiddenWords: [])
            ).define(in: &rules)
            groundedTextRule = text
        }
        return "\"\\\"\" " + text + " \"\\\"\""
    }

    private mutating func lengthBoundedString(_ c: StringConstraints, at pointer: JSONPointer) -> String {
        let limit = GrammarOptions.maximumEnforcedCount
        var minimum = c.minLength ?? 0
        var maximum = c.maxLength
        if minimum > limit {
            record(
                pointer.appending("minLength"), "minLength", .checkedAfter,
                "above the largest count the grammar enforces (\(limit))")
            minimum = 0
        } else if c.minLength != nil {
            record(pointer.appending("minLength"), "minLength", .enforced)
        }
        if let max = maximum, max > limit {
            record(
                pointer.appending("maxLength"), "maxLength", .checkedAfter,
                "above the largest count the grammar enforces (\(limit))")
            maximum = nil
        } else if c.maxLength != nil {
            record(pointer.appending("maxLength"), "maxLength", .enforced)
        }
        if minimum == 0 && maximum == nil { return primitive("json-string") }
        let char = primitive("json-char")
        if maximum == 0 { return #""\"\"""# }
        return "\"\\\"\" " + repetition(of: char, min: minimum, max: maximum, name: "long-string") + " \"\\\"\""
    }

    // MARK: Numbers

    /// A JSON integer within its bounds, exactly.
    mutating func integerExpression(_ b: NumericBounds, at pointer: JSONPointer) throws(GrammarError) -> String {
        try requireNonEmpty(b, at: pointer)
        let lowers: [Int64?] = [
            b.minimum.map { $0.ceilingInt64 },
            b.exclusiveMinimum.map { $0.floorInt64.flatMap { $0 == .max ? nil : $0 + 1 } },
        ].compactMap { $0 }
        let uppers: [Int64?] = [
            b.maximum.map { $0.floorInt64 },
            b.exclusiveMaximum.map { $0.ceilingInt64.flatMap { $0 == .min ? nil : $0 - 1 } },
        ].compactMap { $0 }
        var low: Int64? = nil
        var high: Int64? = nil
        let bounds = boundKeywords(b).filter { $0 != "multipleOf" }
        if lowers.contains(where: { $0 == nil }) || uppers.contains(where: { $0 == nil }) {
            for keyword in bounds { record(pointer.appending(keyword), keyword, .checkedAfter, "beyond 64-bit range") }
        } else {
            low = lowers.compactMap { $0 }.max()
            high = uppers.compactMap { $0 }.min()
            for keyword in bounds { record(pointer.appending(keyword), keyword, .enforced) }
        }
        if let step = b.multipleOf {
            // Every integer is a multiple of a step that divides 1 (1, 0.5, 0.25, …).
            if JSONNumber(1).isMultiple(of: step) {
                record(pointer.appending("multipleOf"), "multipleOf", .enforced, "every integer is a multiple")
            } else {
                record(pointer.appending("multipleOf"), "multipleOf", .checkedAfter, "no grammar for divisibility")
            }
        }
        if low == nil && high == nil { return primitive("json-integer") }
        guard let range = IntegerRangeGrammar.expression(minimum: low, maximum: high) else {
            throw GrammarError(
                "no integer lies within these bounds", remedy: "fix minimum and maximum", at: pointer,
                unsatisfiable: true)
        }
        return range
    }

    /// A JSON number; bounds are enforced when both are integral with a non-negative minimum
    /// (then the number is written without exponent), else checked after generation.
    mutating func numberExpression(_ b: NumericBounds, at pointer: JSONPointer) throws(GrammarError) -> String {
        try requireNonEmpty(b, at: pointer)
        if b.multipleOf != nil {
            record(pointer.appending("multipleOf"), "multipleOf", .checkedAfter, "no grammar for divisibility")
        }
        let keywords = boundKeywords(b).filter { $0 != "multipleOf" }
        if keywords.isEmpty { return primitive("json-number") }
        let integral = { (v: JSONNumber) -> Int64? in
            v.isIntegral ? v.floorInt64.flatMap { abs($0) < 1_000_000_000_000_000 ? $0 : nil } : nil
        }
        guard b.exclusiveMinimum == nil, b.exclusiveMaximum == nil, let low = b.minimum.flatMap(integral), low >= 0,
            b.maximum.map({ integral($0) != nil }) ?? true
        else {
            for keyword in keywords {
                record(pointer.appending(keyword), keyword, .checkedAfter, "no exact grammar for these bounds")
            }
            return primitive("json-number")
        }
        for keyword in keywords { record(pointer.appending(keyword), keyword, .enforced, "written without exponent") }
        let fraction = #"("." [0-9]+)?"#
        guard let maximum = b.maximum.flatMap(integral) else {
            return "(" + IntegerRangeGrammar.expression(minimum: low, maximum: nil)! + " " + fraction + ")"
        }
        let top = GBNFSpelling.literal(String(maximum)) + #" ("." "0"+)?"#
        guard maximum > low, let below = IntegerRangeGrammar.expression(minimum: low, maximum: maximum - 1) else {
            return "(" + top + ")"
        }
        return "(" + below + " " + fraction + " | " + top + ")"
    }

    /// Throws (unsatisfiable) when the bounds leave no number, e.g. `minimum: 10, maximum: 1`.
    private func requireNonEmpty(_ b: NumericBounds, at pointer: JSONPointer) throws(GrammarError) {
        let lows = [("minimum", b.minimum), ("exclusiveMinimum", b.exclusiveMinimum)]
        let highs = [("maximum", b.maximum), ("exclusiveMaximum", b.exclusiveMaximum)]
        for case (let lowName, let low?) in lows {
            // Equal bounds leave one number only when both are inclusive.
            for case (let highName, let high?) in highs
            where low > high || (low == high && (lowName, highName) != ("minimum", "maximum")) {
                throw GrammarError(
                    "\(lowName) \(low) and \(highName) \(high) leave no number between them",
                    remedy: "swap or fix the bounds", at: pointer.appending(lowName), unsatisfiable: true)
            }
        }
    }

    private func boundKeywords(_ b: NumericBounds) -> [String] {
        var keywords: [String] = []
        if b.minimum != nil { keywords.append("minimum") }
        if b.exclusiveMinimum != nil { keywords.append("exclusiveMinimum") }
        if b.maximum != nil { keywords.append("maximum") }
        if b.exclusiveMaximum != nil { keywords.append("exclusiveMaximum") }
        if b.multipleOf != nil { keywords.append("multipleOf") }
        return keywords
    }
}
