import CanonicalSchemas
import Guided

/// An in-process backend that plays a script, so the scripted soak exercises every way an
/// attempt ends without a server's cost: the request's `prompt` names its line (see
/// ``ScriptedSoak``). Valid output, output breaking the schema, output a validator rejects,
/// transport, timeout and status errors, a cut at the token limit, a stream that ships, a stream
/// cut mid-way, and a generation that hangs until cancelled.
final class ScriptedBackend: LanguageModelBackend {
    enum Line: Int, CaseIterable, Sendable {
        case valid, schemaBreak, rejected, transport, timeout, serverError, truncated, streamed, streamCut, hang
    }

    let name = "scripted"
    let kind = "scripted"
    let capabilities = BackendCapabilities(
        grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true, streaming: true,
        tokenCounting: false)
    static let valid: GeneratedContent = ["text": "Your parcel arrives on Friday."]
    static let rejected: GeneratedContent = ["text": "Tap to unlock your parcel now."]

    static func line(of request: BackendRequest) -> Line {
        Line(rawValue: Int(request.prompt.prefix { $0 != " " }) ?? 0) ?? .valid
    }

    func availability() async -> BackendAvailability { .available }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        switch Self.line(of: request) {
        case .valid, .streamed: return response(Self.valid)
        case .rejected: return response(Self.rejected)
        case .schemaBreak:
            throw BackendError(.invalidOutput, backend: name, "the output breaks the schema", excerpt: #"{"text":42}"#)
        case .transport: throw BackendError(.transport, backend: name, "connection reset by peer")
        case .timeout: throw BackendError(.timeout, backend: name, "the server sent nothing for 8000 ms (idle timeout)")
        case .serverError:
            throw BackendError(.httpStatus, backend: name, "/completion answered 500: internal server error")
        case .truncated: throw BackendError(.truncated, backend: name, "the output was cut by the token limit")
        case .streamCut: throw BackendError(.transport, backend: name, "the stream ended before its final event")
        case .hang:
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
            throw BackendError(.cancelled, backend: name, "the request was cancelled")
        }
    }

    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        BackendStreaming.stream(backend: name) { continuation in
            let line = Self.line(of: request)
            if line == .streamed || line == .streamCut {
                for piece in [#"{"text":"Your"#, #"{"text":"Your parcel"#, #"{"text":"Your parcel arrives"#] {
                    continuation.yield(.partial(piece))
                    await Task.yield()
                }
            }
            return try await self.respond(to: request)
        }
    }

    private func response(_ content: GeneratedContent) -> BackendResponse {
        BackendResponse(
            backend: name, content: content, text: content.jsonText(), tokensGenerated: 9, promptTokens: 30,
            stopReason: .endOfSequence, milliseconds: 0, tokensPerSecond: nil)
    }

    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .estimate(of: text) }
    func contextSize() async throws(BackendError) -> Int { 4096 }
}
