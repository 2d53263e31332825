import GuidedSchema

/// Worked examples derived from a schema's shape, for an output type that brings none: a base
/// model continues patterns, so even generic examples turn "Output:" into something it can
/// continue, where no example at all gets `{"steps":["1","2","3"]}` or a field's description
/// copied back.
///
/// Each example comes from one of three domains far from any app's (chess, origami, sailing
/// knots), with its own facts, so it teaches how output follows from facts without content that
/// could pass for a request's: ``ExampleLeakValidator`` rejects an output that reuses a domain's
/// subject words. A string is a sentence drawn from the domain's facts; a list of strings, that
/// many of its steps; enums take their values in turn, numbers their lower bound. A shape the
/// domains cannot fill (a `pattern`, a `format`, a string too short for a phrase) gives no
/// examples, and every derived example is checked against the schema before it is used.
enum ShapeExamples {
    /// One domain's facts and the words an example may use.
    struct Domain: Sendable {
        var facts: [String]
        var sentence: String
        var phrase: String
        var steps: [String]
    }

    static let domains: [Domain] = [
        Domain(
            facts: [
                "Goal: get better at chess", "Journal: Lost two games to the same opening trap.",
                "Journal: Solved some puzzles before bed.",
            ],
            sentence: "You solved some puzzles before bed. Up for a few more tonight?",
            phrase: "Evening chess puzzles",
            steps: [
                "Study the opening trap that beat you", "Solve a few puzzles every evening",
                "Replay one lost game move by move", "Play one slow game this week",
                "Write down the trap's first moves",
            ]),
        Domain(
            facts: [
                "Goal: learn origami", "Journal: Folded a paper crane from a square sheet.",
                "Journal: The creases on the boat came out crooked.",
            ],
            sentence: "You folded a paper crane from a square sheet. Look how far your folding has come.",
            phrase: "A paper crane",
            steps: [
                "Press each crease flat with a fingernail", "Fold the boat again on thinner paper",
                "Try a frog once the crane feels easy", "Cut a few square sheets ahead of time",
                "Fold one crane slowly from memory",
            ]),
        Domain(
            facts: [
                "Goal: learn to tie sailing knots", "Journal: Tied a bowline around the post.",
                "Journal: The clove hitch kept slipping.",
            ],
            sentence: "Your clove hitch kept slipping. Ready to tie it tight now?",
            phrase: "A bowline around the post",
            steps: [
                "Tie the bowline again with your eyes closed", "Pull the clove hitch tight before letting go",
                "Practise both knots on a thicker rope", "Tie each knot five times in a row",
                "Show the bowline to a friend",
            ]),
    ]

    /// Up to three examples for `schema`, each valid for it; none when its shape cannot be filled.
    /// Their input is empty: a session shows each with the request's own prompt.
    static func derive(for schema: GenerationSchema) -> [Example<GeneratedContent>] {
        domains.enumerated().compactMap { index, domain in
            var filler = Filler(schema: schema, domain: domain, turn: index)
            guard let output = filler.value(for: schema.root, depth: 0), schema.violations(of: output).isEmpty
            else { return nil }
            return Example("", grounding: domain.facts, output: output)
        }
    }

    /// Fills one schema from one domain.
    struct Filler {
        let schema: GenerationSchema
        let domain: Domain
        let turn: Int
        var nextStep = 0

        init(schema: GenerationSchema, domain: Domain, turn: Int) {
            self.schema = schema
            self.domain = domain
            self.turn = turn
        }

        mutating func value(for node: SchemaNode, depth: Int, inList: Bool = false) -> GeneratedContent? {
            guard depth < 8 else { return nil }
            switch node.kind {
            case .boolean: return true
            case .null: return .null
            case .constant(let value): return value
            case .choice(let values): return values.isEmpty ? nil : values[turn % values.count]
            case .string(let c): return string(c, inList: inList)
            case .integer(let bounds): return number(bounds, integral: true)
            case .number(let bounds): return number(bounds, integral: false)
            case .reference(let name):
                return schema.definition(named: name).flatMap { value(for: $0, depth: depth + 1, inList: inList) }
            case .anyOf(let branches), .oneOf(let branches):
                for branch in branches where !isNull(branch) {
                    if let filled = value(for: branch, depth: depth + 1, inList: inList) { return filled }
                }
                return nil
            case .array(let c): return array(c, depth: depth)
            case .object(let c):
                var fields: [(String, GeneratedContent)] = []
                for property in c.properties {
                    guard let filled = value(for: property.schema, depth: depth + 1) else {
                        if property.isRequired { return nil }
                        continue
                    }
                    fields.append((property.name, filled))
                }
                return GeneratedContent(properties: fields)
            default: return nil
            }
        }

        private func isNull(_ node: SchemaNode) -> Bool {
            if case .null = node.kind { return true }
            return false
        }

        private mutating func string(_ c: StringConstraints, inList: Bool) -> GeneratedContent? {
            guard c.pattern == nil, c.format == nil else { return nil }
            var candidates: [String]
            if inList {
                candidates = [domain.steps[nextStep % domain.steps.count]]
                nextStep += 1
            } else {
                candidates = [domain.sentence, domain.phrase]
            }
            let fits = candidates.first { text in
                text.count >= (c.minLength ?? 0) && text.count <= (c.maxLength ?? Int.max)
            }
            return fits.map { GeneratedContent($0) }
        }

        private func number(_ bounds: NumericBounds, integral: Bool) -> GeneratedContent? {
            var low = bounds.minimum?.doubleValue ?? bounds.exclusiveMinimum.map { $0.doubleValue + 1 } ?? 1
            if let high = bounds.maximum?.doubleValue ?? bounds.exclusiveMaximum.map({ $0.doubleValue - 1 }),
                high < low
            {
                low = high
            }
            if integral || low == low.rounded() { return GeneratedContent(Int(low.rounded(.up))) }
            return GeneratedContent(low)
        }

        private mutating func array(_ c: ArrayConstraints, depth: Int) -> GeneratedContent? {
            let count = min(max(3, c.minItems ?? 0), c.maxItems ?? 3, 5)
            guard count >= (c.minItems ?? 0) else { return nil }
            var elements: [GeneratedContent] = []
            for index in 0..<count {
                let item = index < c.prefixItems.count ? c.prefixItems[index] : c.items
                guard let filled = value(for: item, depth: depth + 1, inList: true) else { return nil }
                elements.append(filled)
            }
            return GeneratedContent(elements: elements)
        }
    }
}
