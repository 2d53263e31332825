import Guided
import GuidedJSON

/// A backend that answers from recorded outputs instead of a model: useful for demos and app
/// tests without a server. Its outputs go through the same validation as any model's.
///
/// Configuration (`"kind": "recorded"`):
/// - `outputs` (required): an array of JSON values, served in turn.
public final class RecordedBackend: LanguageModelBackend {
    public let name: String
    public let kind = "recorded"
    public let capabilities = BackendCapabilities(
        grammar: false, jsonSchema: false, greedy: true, topK: false, topP: false,
        seed: false, streaming: true, tokenCounting: false)
    let outputs: [GeneratedContent]

    /// Creates a backend serving `outputs` in turn.
    public init(name: String, outputs: [GeneratedContent]) {
        self.name = name
        self.outputs = outputs
    }

    public func availability() async -> BackendAvailability {
        outputs.isEmpty ? .unavailable(UnavailableReason(.misconfigured, "no recorded outputs")) : .available
    }

    public func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let output = outputs[request.prompt.utf8.reduce(0) { ($0 &+ Int($1)) & 0xFFFF } % outputs.count]
        let text = output.jsonText()
        let content = try OutputValidation.content(from: text, schema: request.schema, backend: name) {
            try JSONReader.parse($0)
        }
        return BackendResponse(
            backend: name, content: content, text: text, tokensGenerated: nil, promptTokens: nil,
            stopReason: .endOfSequence, milliseconds: 0, tokensPerSecond: nil)
    }

    public func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        AsyncThrowingStream { continuation in
            Task {
                do {
                    continuation.yield(.complete(try await self.respond(to: request)))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }

    public func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
    public func contextSize() async throws(BackendError) -> Int { 1 << 20 }
}

extension BackendRegistry {
    /// Adds the `recorded` kind to a registry.
    public mutating func registerRecordedBackend() {
        register(kind: "recorded") { configuration throws(ConfigurationError) in
            try configuration.rejectUnknownKeys(["outputs"])
            guard let outputs = configuration.entry["outputs"]?.arrayValue, !outputs.isEmpty else {
                throw configuration.error(
                    "outputs must be a non-empty array of JSON values", key: "outputs",
                    remedy: "write \"outputs\": [{…}]")
            }
            return RecordedBackend(name: configuration.name, outputs: outputs)
        }
    }
}
