import Guided
import GuidedJSON
import GuidedTestSupport
import Synchronization
import Testing

/// Shared helpers for the hermetic backend tests (stub servers on 127.0.0.1, no model).

/// Ports held (bound, not listening) for the life of the test process, so no other listener
/// can take them while a test expects "connection refused".
private let heldPorts = Mutex<[ReservedPort]>([])

/// A 127.0.0.1 URL where nothing listens and nothing can start listening.
func closedPortURL() throws -> String {
    let port = try ReservedPort(.refuse)
    heldPorts.withLock { $0.append(port) }
    return port.baseURL
}

/// The ``BackendError`` that `body` throws, or nil when it returns normally (any other error
/// is recorded as an issue).
func backendError<T>(_ body: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation) async
    -> BackendError?
{
    do {
        _ = try await body()
        return nil
    } catch let error as BackendError {
        return error
    } catch {
        Issue.record("not a BackendError: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Everything a backend stream produced, in order.
struct CollectedStream {
    var partials: [String] = []
    var final: BackendResponse?
    var error: (any Error)?
    /// Events seen after `.complete` (there should be none).
    var eventsAfterComplete = 0

    /// The error as a ``BackendError``, if it is one.
    var backendError: BackendError? { error as? BackendError }
}

func collect(_ stream: AsyncThrowingStream<BackendStreamEvent, any Error>) async -> CollectedStream {
    var result = CollectedStream()
    do {
        for try await event in stream {
            if result.final != nil { result.eventsAfterComplete += 1 }
            switch event {
            case .partial(let text): result.partials.append(text)
            case .complete(let response): result.final = response
            }
        }
    } catch {
        result.error = error
    }
    return result
}

/// Each snapshot extends the one before it (snapshots, not deltas), and none is empty.
func isGrowing(_ snapshots: [String]) -> Bool {
    guard let first = snapshots.first, !first.isEmpty else { return false }
    return zip(snapshots, snapshots.dropFirst()).allSatisfy { previous, next in
        next.count > previous.count && next.hasPrefix(previous)
    }
}

extension StubHTTPServer {
    /// The recorded requests for `path` (query ignored).
    func requests(to path: String) -> [StubRequest] {
        requests.filter { $0.path.prefix { $0 != "?" } == path }
    }
}

extension StubRequest {
    /// The body parsed as JSON.
    func json() throws -> GeneratedContent {
        try JSONReader.parse(bodyText)
    }
}

/// A JSON string literal for `text` (for building stub bodies).
func jsonString(_ text: String) -> String {
    GeneratedContent(text).jsonText()
}

/// `{"title": string, "note"?: string}`: one required and one optional property.
func titleAndOptionalNoteSchema() throws -> GenerationSchema {
    let document = try JSONReader.parse(
        #"""
        {"type": "object",
         "properties": {"title": {"type": "string", "minLength": 1}, "note": {"type": "string"}},
         "required": ["title"], "additionalProperties": false}
        """#)
    return try GenerationSchema.fromJSONSchema(document).schema
}
