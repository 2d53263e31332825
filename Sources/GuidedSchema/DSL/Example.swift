/// A worked example for few-shot prompting: an input, the facts it came with, and the output
/// the app wants for it — typed as the output is, so an example of another type does not compile.
///
/// ```swift
/// let example = Example<StepSuggestions>("Goal: read more", grounding: ["Entry: library card renewed"],
///                                         output: StepSuggestions(steps: ["Visit the library", "Pick a novel", "Read ten pages"]))
/// let outcome = try await session.respond(to: "Goal: learn to swim", generating: StepSuggestions.self, examples: [example])
/// ```
///
/// Examples from other domains, each with its own facts, teach a base model how output follows
/// from facts without giving it content it could copy into this request.
///
/// An output type carries its own examples (``GenerableConfiguration/examples``, or a schema
/// file's `examples` and `x-guided-examples`, read into ``GenerationSchema/examples``); a
/// request's examples replace them for that request.
public struct Example<Output: Sendable>: Sendable {
    /// The example's input, rendered like a request's prompt.
    public let input: String
    /// The example's own facts, rendered like a request's grounding.
    public let grounding: [String]
    /// The output the app wants for this input.
    public let output: Output
    /// The output as generated content, as the prompt shows it.
    public let content: GeneratedContent

    /// An example whose output is a ``Generable`` value.
    public init(_ input: String, grounding: [String] = [], output: Output) where Output: Generable {
        self.input = input
        self.grounding = grounding
        self.output = output
        self.content = output.generatedContent
    }

    /// An example for a runtime schema: the output is content.
    public init(_ input: String, grounding: [String] = [], output: GeneratedContent) where Output == GeneratedContent {
        self.input = input
        self.grounding = grounding
        self.output = output
        self.content = output
    }

    /// An example for free text.
    public init(_ input: String, grounding: [String] = [], output: String) where Output == String {
        self.input = input
        self.grounding = grounding
        self.output = output
        self.content = GeneratedContent(output)
    }
}

extension Example: Equatable where Output: Equatable {}
extension Example: Hashable where Output: Hashable {}
