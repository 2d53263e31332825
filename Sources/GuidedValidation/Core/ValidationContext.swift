public import GuidedSchema

/// What a validator sees: the request the output answers.
///
/// Validators judge an output against the prompt the model was shown, the facts it was
/// handed, and the schema it had to fill.
public struct ValidationContext: Sendable {
    /// The rendered prompt text, used to spot scaffolding the model echoed back.
    public var prompt: String
    /// The grounding snippets handed to the model for this request: the only facts it may use.
    public var grounding: [String]
    /// The request's own input, without the instructions and examples around it: for a
    /// polished copy, the filled template being rewritten, whose words a rewrite may keep.
    public var input: String
    /// The schema the output had to satisfy.
    public var schema: GenerationSchema
    /// The few-shot examples' own facts, shown to the model but not facts of this request:
    /// their words in an output mean an example leaked into it (see ``ExampleLeakValidator``).
    package var exampleGrounding: [String]

    /// The context of one request. Only `schema` is required; leave `prompt` empty and
    /// `grounding` and `exampleGrounding` out when the request had none, and validators that
    /// need them (scaffolding echo, grounding, example leaks) check against nothing.
    public init(
        prompt: String = "", grounding: [String] = [], input: String = "", schema: GenerationSchema,
        exampleGrounding: [String] = []
    ) {
        self.prompt = prompt
        self.grounding = grounding
        self.input = input
        self.schema = schema
        self.exampleGrounding = exampleGrounding
    }
}
