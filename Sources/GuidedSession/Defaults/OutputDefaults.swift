import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

/// What a structured request gets for everything that neither the call, the configuration's
/// `outputs` entry nor the registered ``OutputPolicy`` sets: the settings `guided-bench quality`
/// measured, so the call a developer writes first is the measured one.
///
/// | setting | default |
/// |---|---|
/// | examples | the schema's own (``GenerationSchema/examples``), else examples derived from its shape (shown to a base model only) |
/// | candidates | up to 12, 2 at a time (``candidates``) |
/// | grounded decoding | on when the request has facts |
/// | sampling | top-p 0.95 with seed 1, temperature 0.8 |
/// | repetition penalty | for a base model, 1.4 for lists of strings (steps), 0.8 otherwise; none for a chat model |
/// | token cap | from the schema's shape (``maximumResponseTokens(for:)``) |
/// | checks | ``checks(for:grounded:)``, added to the policy's own unless it opts out |
///
/// Free text (no schema) takes none of these: its defaults are the backend's.
package enum OutputDefaults {
    /// Up to twelve candidates, two at a time: on the dev split, a step request that fails one
    /// batch usually passes the next, and two side by side cost about one on llama-server. Six
    /// shipped 69% of the dev step requests and twelve 88% (test split: 88%): three of the five
    /// requests whose first six all failed passed later. A request that passes early costs no
    /// more, and the router starts a batch only while it fits the deadline (`BatchBudget`).
    public static let candidates = CandidatePolicy(count: 12, batchSize: 2)

    /// The threshold of a judge a configuration turns on without naming one (`"judge": {}`).
    public static let judgeThreshold = 0.5

    /// Sampling, temperature, repetition penalty and token cap for `schema`.
    public static func options(for schema: GenerationSchema) -> GenerationOptions {
        GenerationOptions(
            sampling: .random(probabilityThreshold: 0.95, seed: 1), temperature: 0.8,
            maximumResponseTokens: maximumResponseTokens(for: schema),
            repetitionPenalty: schema.stringListPointers.isEmpty ? 0.8 : 1.4)
    }

    /// A token cap that holds a good output of `schema` and cuts a rambling one early: 14 tokens
    /// per string in a list (a short step), about 2.6 characters per token up to a string's
    /// `maxLength` (64 tokens for an unbounded one), 4 per number, plus the JSON around them;
    /// at most 1,024. Measured on Gemma's tokenizer: three steps fit in 48, a 180-character
    /// notification in 70.
    public static func maximumResponseTokens(for schema: GenerationSchema) -> Int {
        min(1_024, max(16, tokens(schema.root, schema, inList: false, depth: 0)))
    }

    /// The checks every structured output passes by default: no scaffolding or example content
    /// echoed; the person-level checks on its prose strings (``GenerationSchema/proseStringPointers``,
    /// lists of them as step items), so a name or a tag is never called a fragment; and — when the
    /// request has facts — grounding in them, no fact copied back whole, and every fact the
    /// request quotes restated word for word (``RestatedQuotationValidator``).
    public static func checks(for schema: GenerationSchema, grounded: Bool) -> [any OutputValidator] {
        var checks: [any OutputValidator] = [ScaffoldingEchoValidator(), ExampleLeakValidator()]
        let prose = schema.proseStringPointers
        if !prose.isEmpty {
            let lists = Set(schema.stringListPointers)
            checks += ValidatorChain.personLevel(stepItems: prose.filter(lists.contains), at: prose).validators
        }
        // A fact the request quotes is restated word for word (grounded decoding enforces it
        // on llama-server; RestatedQuotations).
        if grounded { checks += [GroundingValidator(), CopiedFactValidator(), RestatedQuotationValidator()] }
        return checks
    }

    /// A warning when an output with no examples of its own (`hasExamples` false) is routed to
    /// a backend that shows a base model the completion prompt (``PromptStyle/completion``);
    /// nil otherwise. An instruct model, prompted with its chat template, needs no examples.
    package static func missingExamplesWarning(
        for name: String, hasExamples: Bool, route: [any LanguageModelBackend], file: String? = nil
    ) -> SchemaError? {
        guard !hasExamples, let base = route.first(where: { $0.promptStyle == .completion }) else {
            return nil
        }
        return SchemaError(
            .noExamples,
            "\(name) has no worked examples, and its route reaches \(base.name) (\(base.kind)), a base model: it is "
                + "shown three examples derived from the schema's shape",
            remedy:
                "give it examples from its own kind of request: GenerableConfiguration(examples:), x-guided-examples "
                + "in its schema file, outputs.\(name).examples in guided.json, or guided generate --examples FILE",
            file: file)
    }

    /// Worked examples free text is shown when the request brings none: short answers of the
    /// kinds people ask for (a description, a summary, a rewrite, arithmetic), each one or two
    /// sentences, so a base model learns that an answer is short and ends — and then writes the
    /// next `Input:`, where the backend stops it (`CompletionPrompt.sectionMarkers`).
    public static let textExamples: [Example<String>] = [
        Example(
            "Describe a lighthouse in one sentence.",
            output: "A lighthouse is a tall tower by the sea whose light guides ships at night."),
        Example(
            "Summarize: The meeting moved to Friday because two of the five people were away on Tuesday.",
            output: "The meeting is now on Friday, since two people were away on Tuesday."),
        Example("What is 12 + 7?", output: "12 + 7 is 19."),
        Example(
            "Rewrite politely: Send me the report now.",
            output: "Could you please send me the report when you have a moment?"),
    ]

    /// The checks free text passes by default: not empty (a number alone is an answer), and not
    /// the prompt repeated back nor the completion prompt's section labels
    /// (``PromptEchoValidator``). Nothing a reader would keep is rejected: repetition and length
    /// are left to the app, since a story may repeat a phrase, and code, math and JSON in an
    /// answer are the answer (the structured checks' scaffolding markers, "```", `}}`, `JSON`,
    /// are not applied to free text).
    package static let textChecks: [any OutputValidator] = [
        MinimumContentValidator(minimumWords: 1, countsNumbers: true), PromptEchoValidator(),
    ]

    /// `policy`'s validators with each default check whose name they lack added after them
    /// (``textChecks`` for free text, `schema` nil).
    package static func validators(
        _ own: ValidatorChain, schema: GenerationSchema?, grounded: Bool, polishing: Bool = false
    )
        -> ValidatorChain
    {
        let present = Set(own.flattened.map(\.name))
        var defaults = schema.map { checks(for: $0, grounded: grounded) } ?? textChecks
        // A polished copy restates its facts: a fact word changed by a letter, or a word that
        // neither the facts nor the copy being polished have, is a changed fact.
        if polishing, grounded, schema != nil { defaults.append(ChangedFactValidator()) }
        return ValidatorChain(own.validators + defaults.filter { !present.contains($0.name) })
    }

    private static func tokens(_ node: SchemaNode, _ schema: GenerationSchema, inList: Bool, depth: Int) -> Int {
        guard depth < 16 else { return 8 }
        switch node.kind {
        case .string(let c):
            if inList { return 14 }
            return 2 + (c.maxLength.map { ($0 * 10 + 25) / 26 } ?? 64)
        case .integer, .number: return 4
        case .boolean, .null: return 2
        case .constant(let value): return value.jsonText().count / 3 + 1
        case .choice(let values): return (values.map { $0.jsonText().count }.max() ?? 3) / 3 + 2
        case .reference(let name):
            return schema.definition(named: name).map { tokens($0, schema, inList: inList, depth: depth + 1) } ?? 8
        case .anyOf(let branches), .oneOf(let branches), .allOf(let branches):
            return branches.map { tokens($0, schema, inList: inList, depth: depth + 1) }.max() ?? 8
        case .array(let c):
            let count = c.maxItems ?? max(3, c.minItems ?? 0)
            let item = tokens(c.items, schema, inList: true, depth: depth + 1)
            return 2 + min(count, 64) * item
        case .object(let c):
            return 2
                + c.properties.map { 3 + tokens($0.schema, schema, inList: false, depth: depth + 1) }.reduce(0, +)
        default: return 16
        }
    }
}
