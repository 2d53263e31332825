import GuidedSchema

extension GrammarCompilation {
    /// A JSON object with its declared properties in order; optional ones may be left out,
    /// nothing else may appear. Without declared properties, an open map of the
    /// `additionalProperties` schema.
    mutating func objectExpression(_ c: ObjectConstraints, name: String, at pointer: JSONPointer) throws(GrammarError)
        -> String
    {
        var c = c
        let patternsMerged = PatternPropertyMerge.properties(of: c, in: schema)
        if let patternsMerged { c.properties = patternsMerged }
        let closed = !c.properties.isEmpty || !c.additionalRequired.isEmpty || c.additionalProperties.kind == .nothing
        let mappedPattern = PatternPropertyMerge.mappedPattern(of: c)
        recordObjectKeywords(
            c, patternsEnforced: patternsMerged != nil, patternMapped: mappedPattern != nil,
            namesEnforced: PatternPropertyMerge.namesHold(in: c, in: schema),
            countsDecidedLater: closed, at: pointer)
        var members: [(key: String, schema: SchemaNode, required: Bool, pointer: JSONPointer)] = []
        for property in c.properties {
            let propertyPointer = pointer.appending("properties").appending(property.name)
            if property.schema.kind == .nothing {
                if property.isRequired {
                    throw GrammarError(
                        "required property \"\(property.name)\" can have no value",
                        remedy: "make it optional or give it a schema", at: propertyPointer, unsatisfiable: true)
                }
                continue
            }
            members.append((property.name, property.schema, property.isRequired, propertyPointer))
        }
        for extra in c.additionalRequired {
            guard c.additionalProperties.kind != .nothing else {
                throw GrammarError(
                    "required property \"\(extra)\" is not allowed by additionalProperties",
                    remedy: "declare it under properties", at: pointer.appending("required"), unsatisfiable: true)
            }
            members.append((extra, c.additionalProperties, true, pointer.appending("additionalProperties")))
        }
        if !c.properties.isEmpty || !c.additionalRequired.isEmpty {
            record(pointer.appending("properties"), "properties", .enforced, "in declaration order")
        }
        if c.properties.contains(where: \.isRequired) || !c.additionalRequired.isEmpty {
            record(pointer.appending("required"), "required", .enforced)
        }
        // Declared properties close the object even when none of them can have a value (an
        // optional `"foo": false`): an open map would write "foo" after all.
        if members.isEmpty && c.properties.isEmpty && c.additionalProperties.kind != .nothing {
            return try openMap(c.additionalProperties, name: name, at: pointer.appending("additionalProperties"))
        }
        if let mappedPattern, let map = try patternMap(mappedPattern, name: name, at: pointer) {
            record(pointer.appending("additionalProperties"), "additionalProperties", .enforced)
            recordCounts(c, .checkedAfter, "", at: pointer)
            return map
        }
        switch c.additionalProperties.kind {
        case .nothing: record(pointer.appending("additionalProperties"), "additionalProperties", .enforced)
        default:
            record(
                pointer.appending("additionalProperties"), "additionalProperties", .enforced,
                "policy: closed objects, only declared properties are generated")
        }

        var pieces: [String] = []
        var kept: [(key: String, schema: SchemaNode, required: Bool, pointer: JSONPointer)] = []
        for member in members {
            let valueName = "\(name)-\(member.key)"
            let valueExpression: String
            do {
                valueExpression = try expression(member.schema, name: valueName, at: member.pointer)
            } catch  where error.isUnsatisfiable && !member.required {
                record(
                    member.pointer, "properties", .enforced,
                    "no value satisfies this optional property: it is never generated")
                continue
            }
            let value = ruleOrInline(valueExpression, name: valueName)
            pieces.append(sequence([GBNFSpelling.literal(JSONString.quoted(member.key)), "\":\"", value]))
            kept.append(member)
        }
        members = kept
        if c.minProperties != nil || c.maxProperties != nil {
            let counted = PropertyCount(
                minimum: c.minProperties ?? 0, maximum: c.maxProperties, required: members.map(\.required))
            if counted.holdsAlways {
                recordCounts(c, .enforced, "every object the grammar writes has an allowed number of keys", at: pointer)
            } else if counted.isTractable {
                recordCounts(c, .enforced, "closed object: the grammar counts the keys it writes", at: pointer)
                return sequence(["\"{\"", countedMembers(pieces, counted, name: name), "\"}\""])
            } else {
                recordCounts(c, .checkedAfter, "", at: pointer)
            }
        }
        guard !pieces.isEmpty else { return sequence(["\"{\"", "\"}\""]) }
        if members.allSatisfy(\.required) {
            var parts: [String] = []
            for (index, piece) in pieces.enumerated() {
                if index > 0 { parts.append("\",\"") }
                parts.append(piece)
            }
            return sequence(["\"{\""] + parts + ["\"}\""])
        }
        // tail(i): the members from i on, each preceded by a comma, optional ones optional.
        var tails: [String?] = Array(repeating: nil, count: members.count + 1)
        for index in stride(from: members.count - 1, through: 1, by: -1) {
            let item = sequence(["\",\"", pieces[index]])
            let head = members[index].required ? item : "(" + item + ")?"
            let body = tails[index + 1].map { head + " " + $0 } ?? head
            tails[index] = ruleOrInline(body, name: "\(name)-after-\(members[index - 1].key)")
        }
        // The first member written: any optional one up to and including the first required one.
        var alternatives: [String] = []
        var sawRequired = false
        for (index, piece) in pieces.enumerated() where !sawRequired {
            alternatives.append([piece, tails[index + 1]].compactMap { $0 }.joined(separator: " "))
            sawRequired = members[index].required
        }
        let body = "(" + alternatives.joined(separator: " | ") + ")" + (sawRequired ? "" : "?")
        return sequence(["\"{\"", body, "\"}\""])
    }

    private mutating func openMap(_ values: SchemaNode, name: String, at pointer: JSONPointer) throws(GrammarError)
        -> String
    {
        if values.kind != .any { record(pointer, "additionalProperties", .enforced) }
        let valueName = "\(name)-value"
        let value = ruleOrInline(try expression(values, name: valueName, at: pointer), name: valueName)
        let member = sequence([primitive("json-string"), "\":\"", value])
        let memberRule = ruleOrInline(member, name: "\(name)-member")
        return sequence(["\"{\"", "(" + memberRule + " (" + sequence(["\",\"", memberRule]) + ")*)?", "\"}\""])
    }

    /// A closed object whose only keys are those of one pattern (``PatternPropertyMerge/mappedPattern(of:)``):
    /// a map from keys the pattern matches to values of its schema, exact; nil (the pattern
    /// checked after, only `{}` written) when the pattern is outside the grammar's regex subset.
    private mutating func patternMap(
        _ property: ObjectConstraints.PatternProperty, name: String, at pointer: JSONPointer
    ) throws(GrammarError) -> String? {
        let patternPointer = pointer.appending("patternProperties").appending(property.pattern)
        guard
            let key = patternContent(
                property.pattern, name: "\(name)-key", at: patternPointer, keyword: "patternProperties")
        else { return nil }
        let valueName = "\(name)-value"
        let valueExpression: String
        do {
            valueExpression = try expression(property.schema, name: valueName, at: patternPointer)
        } catch  where error.isUnsatisfiable {
            return sequence(["\"{\"", "\"}\""]) // no key may have a value: the empty object only
        }
        let value = ruleOrInline(valueExpression, name: valueName)
        let member = ruleOrInline(
            sequence(["\"\\\"\" " + key + " \"\\\"\"", "\":\"", value]), name: "\(name)-member")
        return sequence(["\"{\"", "(" + member + " (" + sequence(["\",\"", member]) + ")*)?", "\"}\""])
    }

    /// The object keywords beyond properties: `patternProperties` and `propertyNames` are
    /// enforced on closed objects where ``PatternPropertyMerge`` says so (a mapped pattern is
    /// recorded where its key is compiled); the rest are left to the validator.
    private mutating func recordObjectKeywords(
        _ c: ObjectConstraints, patternsEnforced: Bool, patternMapped: Bool, namesEnforced: Bool,
        countsDecidedLater: Bool, at pointer: JSONPointer
    ) {
        if patternsEnforced {
            record(
                pointer.appending("patternProperties"), "patternProperties", .enforced,
                "closed object: merged into the declared properties whose keys match")
        } else if !c.patternProperties.isEmpty && !patternMapped {
            record(pointer.appending("patternProperties"), "patternProperties", .checkedAfter)
        }
        if namesEnforced {
            record(
                pointer.appending("propertyNames"), "propertyNames", .enforced,
                "closed object: every declared key satisfies it")
        } else if c.propertyNames.kind != .any {
            record(pointer.appending("propertyNames"), "propertyNames", .checkedAfter)
        }
        if !countsDecidedLater { recordCounts(c, .checkedAfter, "", at: pointer) }
        if !c.dependentRequired.isEmpty {
            record(pointer.appending("dependentRequired"), "dependentRequired", .checkedAfter)
        }
        if !c.dependentSchemas.isEmpty {
            record(pointer.appending("dependentSchemas"), "dependentSchemas", .checkedAfter)
        }
    }

    private mutating func recordCounts(
        _ c: ObjectConstraints, _ disposition: LoweringReport.Disposition, _ note: String, at pointer: JSONPointer
    ) {
        if c.minProperties != nil { record(pointer.appending("minProperties"), "minProperties", disposition, note) }
        if c.maxProperties != nil { record(pointer.appending("maxProperties"), "maxProperties", disposition, note) }
    }
}
