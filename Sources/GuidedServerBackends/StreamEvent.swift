import GuidedBackends
import GuidedJSON
import GuidedSchema

/// One event of a streamed response, read strictly: an event that is not JSON, or that has none
/// of the fields its API promises, fails the stream at once with
/// ``BackendError/Code/malformedResponse`` naming what came, instead of being skipped until the
/// stream ends without its final event.
package enum StreamEvent {
    /// The event's JSON.
    /// - Parameters:
    ///   - text: The event's data (an SSE `data:` payload or an NDJSON line).
    ///   - backend: The backend's name, for the error.
    ///   - required: Field names of which at least one must be present.
    ///   - redact: Applied to the excerpt, so no secret is quoted.
    package static func json(
        _ text: String, backend: String, required: [String],
        redact: (String) -> String = { $0 }
    ) throws(BackendError) -> GeneratedContent {
        guard let value = try? JSONReader.parse(text) else {
            throw BackendError(
                .malformedResponse, backend: backend, "a stream event is not JSON",
                excerpt: OutputValidation.excerpt(redact(text)))
        }
        guard let properties = value.properties,
            required.contains(where: { name in properties.contains { $0.name == name } })
        else {
            throw BackendError(
                .malformedResponse, backend: backend, "a stream event has none of \(required.joined(separator: ", "))",
                excerpt: OutputValidation.excerpt(redact(text)))
        }
        return value
    }
}
