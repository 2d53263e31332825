import GuidedBackends
import GuidedSchema
import GuidedValidation

/// The clean-ups and checks every model output passes before it may ship: the request's
/// clean-ups first, then the schema check, then the caller's validators, each rejection named.
struct OutputChecks: Sendable {
    let cleanup: OutputCleanup?
    let chain: ValidatorChain
    let context: ValidationContext

    init(request: BackendRequest, validators: ValidatorChain, cleanup: OutputCleanup?) {
        self.cleanup = cleanup
        self.chain = ValidatorChain([SchemaValidator()] + validators.validators)
        self.context = ValidationContext(
            prompt: CompletionPrompt.render(request), grounding: request.grounding,
            schema: request.schema ?? GenerationSchema(root: .any))
    }

    /// `content` cleaned, and every rejection of the cleaned value (none: it may ship).
    func run(_ content: GeneratedContent) -> (content: GeneratedContent, rejections: [Rejection]) {
        let cleaned = cleanup.map { $0.apply(content) } ?? content
        return (cleaned, chain.run(cleaned, in: context))
    }
}
