import Guided

/// The loop `generate --stream` and `respond --stream` share: each snapshot shown as it comes,
/// then the outcome the stream ends with, or the error that says nothing ships.
enum StreamedOutcome {
    /// Shows every snapshot of `snapshots` with `show`, and returns the outcome of its last.
    /// - Parameter what: What streams, for the errors: `answer`, `output`.
    static func of<Output: Sendable>(
        _ snapshots: AsyncThrowingStream<ResponseSnapshot<Output>, any Error>, what: String,
        showing show: (ResponseSnapshot<Output>) -> Void
    ) async throws(CommandFailure) -> Result<GenerationOutcome<Output>, GenerationError> {
        do {
            for try await snapshot in snapshots {
                show(snapshot)
                if case .complete(let outcome) = snapshot { return .success(outcome) }
            }
        } catch let error as GenerationError {
            return .failure(error)
        } catch {
            throw CommandFailure(
                message: "error: the \(what)'s stream failed: \(Console.line("\(error)"))", exitCode: 3)
        }
        throw CommandFailure(message: "error: the \(what)'s stream ended without an \(what)", exitCode: 3)
    }
}
