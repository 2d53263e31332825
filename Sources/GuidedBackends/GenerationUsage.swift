/// The tokens a generation read and wrote, as the server counted them (Foundation Models 27's
/// `LanguageModelSession.Usage`); a count is nil where the server did not say.
///
/// ```swift
/// let outcome = try await session.respond(to: "Tell me about the moon.")
/// if let read = outcome.usage.input.totalTokenCount, let cached = outcome.usage.input.cachedTokenCount {
///     print("\(read) prompt tokens, \(cached) of them from the server's prompt cache")
/// }
/// ```
public struct GenerationUsage: Sendable, Hashable {
    /// The prompt's tokens.
    public struct Input: Sendable, Hashable {
        /// Every prompt token the model read, cached ones included.
        public var totalTokenCount: Int?
        /// The prompt tokens the server reused from its prompt cache instead of evaluating
        /// again (llama-server's `timings.cache_n`, an OpenAI-compatible server's
        /// `usage.prompt_tokens_details.cached_tokens`).
        public var cachedTokenCount: Int?

        /// Counts of prompt tokens; nil where unknown.
        public init(totalTokenCount: Int?, cachedTokenCount: Int?) {
            self.totalTokenCount = totalTokenCount
            self.cachedTokenCount = cachedTokenCount
        }
    }

    /// The generated tokens.
    public struct Output: Sendable, Hashable {
        /// Every token the model generated.
        public var totalTokenCount: Int?

        /// A count of generated tokens; nil where unknown.
        public init(totalTokenCount: Int?) { self.totalTokenCount = totalTokenCount }
    }

    /// The prompt's tokens.
    public var input: Input
    /// The generated tokens.
    public var output: Output

    /// Usage of `input` and `output` tokens.
    public init(input: Input, output: Output) {
        self.input = input
        self.output = output
    }

    /// No generation: every count 0 (not `none`, which in an optional context reads as nil).
    public static let zero = GenerationUsage(
        input: Input(totalTokenCount: 0, cachedTokenCount: 0), output: Output(totalTokenCount: 0))

    /// Both generations' counts added; a count is nil when either side's is unknown.
    public static func + (lhs: GenerationUsage, rhs: GenerationUsage) -> GenerationUsage {
        func sum(_ left: Int?, _ right: Int?) -> Int? { left.flatMap { left in right.map { left + $0 } } }
        return GenerationUsage(
            input: Input(
                totalTokenCount: sum(lhs.input.totalTokenCount, rhs.input.totalTokenCount),
                cachedTokenCount: sum(lhs.input.cachedTokenCount, rhs.input.cachedTokenCount)),
            output: Output(totalTokenCount: sum(lhs.output.totalTokenCount, rhs.output.totalTokenCount)))
    }
}
