import GuidedBackends
public import GuidedSchema
import Synchronization

/// What a streamed response yields: typed snapshots of the output as it grows, a notice when an
/// attempt that was streaming is abandoned, then the checked outcome.
///
/// The same for every kind of output: a ``Generable`` type (``PartialResponse/content``), a
/// runtime schema's ``GeneratedContent`` (``PartialResponse/rawContent``) and free text
/// (``PartialResponse/text``).
public enum ResponseSnapshot<Output: Sendable>: Sendable {
    /// The output so far. Not yet checked: only the final outcome is validated.
    case partial(PartialResponse<Output>)
    /// The attempt that was streaming ended without output that ships (it failed, or a check
    /// rejected it) and the router moves on: forget the snapshots so far, the next ones start
    /// again from nothing.
    case restarted(Attempt)
    /// The outcome: the model's checked output or the fallback, with every attempt.
    case complete(GenerationOutcome<Output>)
}

/// The output streamed so far by one attempt: typed, as JSON, and as text. Within an attempt,
/// later snapshots only grow.
public struct PartialResponse<Output: Sendable>: Sendable {
    /// The configured name of the backend writing this attempt, e.g. `embedded`; a
    /// ``ResponseSnapshot/restarted(_:)`` comes before the snapshots of another attempt.
    public var backend: String
    /// The raw text so far: for free text, the whole text so far.
    public var text: String
    /// The JSON value the text amounts to (open strings, arrays and objects closed; see
    /// `PartialJSON`), if the text is a viable JSON beginning; always nil for free text.
    public var rawContent: GeneratedContent?
    /// Whether ``rawContent`` is a whole JSON value: the text has closed it, as Foundation
    /// Models' `GeneratedContent.isComplete` says of a streamed snapshot. Nothing is closed for
    /// it, but it is not checked yet either: only the final outcome is validated. Always false
    /// for free text, whose end only the outcome knows.
    public var isComplete: Bool

    /// A snapshot of `text` from `backend`.
    public init(backend: String, text: String) {
        self.backend = backend
        self.text = text
        guard Output.self != String.self else {
            rawContent = nil
            isComplete = false
            return
        }
        switch PartialJSON.parse(text) {
        case .complete(let value):
            rawContent = value
            isComplete = true
        case .incomplete(let value):
            rawContent = value
            isComplete = false
        case .invalid:
            rawContent = nil
            isComplete = false
        }
    }
}

extension PartialResponse where Output: Generable {
    /// The output so far as `Output.PartiallyGenerated`: each property nil until begun.
    public var content: Output.PartiallyGenerated? { rawContent.flatMap(Output.PartiallyGenerated.init) }
}

/// Turns the router's progress into snapshots: partial text becomes ``PartialResponse`` (built
/// when read, see ``SnapshotQueue``), and a discarded attempt that had streamed something becomes
/// ``ResponseSnapshot/restarted(_:)``.
final class SnapshotRelay<Output: Sendable>: Sendable {
    private let queue: SnapshotQueue<ResponseSnapshot<Output>>
    private let streamed = Mutex(false)

    init(_ queue: SnapshotQueue<ResponseSnapshot<Output>>) { self.queue = queue }

    @Sendable func relay(_ progress: RouteProgress) {
        switch progress {
        case .partial(let backend, let text):
            streamed.withLock { $0 = true }
            queue.partial(backend: backend, text: text)
        case .discarded(let attempt):
            let hadStreamed = streamed.withLock { streamed in
                defer { streamed = false }
                return streamed
            }
            if hadStreamed { queue.event(.restarted(attempt)) }
        }
    }
}
