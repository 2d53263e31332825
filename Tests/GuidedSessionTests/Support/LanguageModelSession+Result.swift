import Guided

extension LanguageModelSession {
    /// The outcome of `request`, or the error that says nothing ships ("no suggestion"), as one
    /// value a test can match on.
    func result<Output: Generable>(_ request: GenerationRequest<Output>) async
        -> Result<GenerationOutcome<Output>, GenerationError>
    {
        do throws(GenerationError) {
            return .success(try await respond(to: request))
        } catch {
            return .failure(error)
        }
    }
}

extension Result where Failure == GenerationError {
    /// The outcome that shipped; nil for "no suggestion".
    var outcome: Success? { try? get() }
}
