import GuidedBackends
import GuidedSchema

/// A backend that answers from recorded outputs instead of a model: for demos and app tests
/// without a server. It serves the first output that meets the request's schema (so one
/// recorded backend can stand in for several output types) and checks it like any model's.
/// Streaming, token counts and availability are the contract's defaults.
///
/// Configuration (`"kind": "recorded"`): `outputs` (required), a non-empty array of JSON values.
public struct RecordedBackend: LanguageModelBackend {
    public let name: String
    public let kind = "recorded"
    public let capabilities = BackendCapabilities(jsonSchema: true, greedy: true)
    let outputs: [GeneratedContent]

    public func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let output = outputs.first { request.schema?.violations(of: $0).isEmpty ?? true } ?? outputs.first
        return try BackendResponse(validating: output?.jsonText() ?? "", for: request, backend: name)
    }

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
