import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

/// The clean-ups and checks every model output passes before it may ship: the request's
/// clean-ups first, then the schema check, then the caller's validators, each rejection named —
/// and, for a grounded request, the grounded specifics again (a backend without a grammar
/// could not enforce them; for one with a grammar it is a cheap second look).
struct OutputChecks: Sendable {
    let cleanup: OutputCleanup?
    let chain: ValidatorChain
    let context: ValidationContext
    let candidates: CandidatePolicy
    /// The judge of the candidates that pass, with its backend (``CandidatePolicy/judge``).
    let judge: JudgeRunner?

    init(
        request: BackendRequest, validators: ValidatorChain, cleanup: OutputCleanup?,
        candidates: CandidatePolicy = .single, judgeBackend: (any LanguageModelBackend)? = nil
    ) {
        self.judge = candidates.judge.map { JudgeRunner(judge: $0, backend: judgeBackend) }
        self.cleanup = cleanup
        let grounded: [any OutputValidator] =
            request.groundedVocabulary == nil ? [] : [GroundingValidator(minimumSharedWords: 0)]
        self.chain = ValidatorChain([SchemaValidator()] + validators.validators + grounded)
        self.context = ValidationContext(
            // Free text may quote the request's own input (a summary keeps a sentence of it):
            // only the instructions, examples and earlier turns are scaffolding.
            prompt: CompletionPrompt.render(request),
            grounding: request.grounding + request.checkOnlyGrounding + (request.schema == nil ? [request.prompt] : []),
            input: request.prompt, schema: request.schema ?? GenerationSchema(root: .any),
            exampleGrounding: request.examples.flatMap(\.grounding))
        self.candidates = candidates
    }

    /// `content` cleaned, and every rejection of the cleaned value (none: it may ship).
    func run(_ content: GeneratedContent) -> (content: GeneratedContent, rejections: [Rejection]) {
        let cleaned = cleanup.map { $0.apply(content) } ?? content
        return (cleaned, chain.run(cleaned, in: context))
    }
}
