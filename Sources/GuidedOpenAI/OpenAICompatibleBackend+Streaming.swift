import GuidedBackends
import GuidedHTTP
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

extension OpenAICompatibleBackend {
    /// SSE stream of `choices[0].delta.content` (`choices[0].text` from `/completions`), ended by
    /// `[DONE]`: partial snapshots, then the validated response. A stream cut before `[DONE]` is
    /// an error. An error status, or a `200` answered whole (``BackendStreaming/answersWhole(_:)``),
    /// is read to its end and judged as a whole reply. In the TGI dialect the request goes to
    /// `/generate_stream` instead (``produceGenerate(_:http:continuation:)``). A backend whose
    /// dialect is still unknown (no one asked its availability, as a pool member may not be)
    /// detects it before its first request.
    public func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        let http: JSONOverHTTP
        do {
            http = try connection()
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        return http.stream { continuation in
            await self.detectBeforeFirstRequest(http: http)
            if self.dialect == .tgi {
                return try await self.produceGenerate(request, http: http, continuation: continuation)
            }
            return try await self.produceCompletion(request, http: http, continuation: continuation)
        }
    }

    /// `/chat/completions` or `/completions` as SSE, into `continuation`.
    func produceCompletion(
        _ request: BackendRequest, http: JSONOverHTTP,
        continuation: AsyncThrowingStream<BackendStreamEvent, any Error>.Continuation
    ) async throws -> BackendResponse {
        let (body, server) = try self.body(request, stream: true)
        let started = ContinuousClock.now
        var output = StreamedOutput(http, json: request.schema != nil)
        var finishReason: String?
        var done = false
        let reply = try await http.receive(
            http.streamRequest(self.baseURL + self.api.path, body: body), framing: .serverSentEvents
        ) { data throws(BackendError) in
            if data == "[DONE]" {
                done = true
                return
            }
            let chunk = try StreamEvent.json(data, backend: self.name, required: ["choices"], redact: http.redact)
            guard let choice = chunk["choices"]?[0] else { return }
            if let snapshot = output.append(choice.value(at: self.api.streamedTextPath)?.stringValue ?? "") {
                continuation.yield(.partial(snapshot))
            }
            if let reason = choice["finish_reason"]?.stringValue { finishReason = reason }
        }
        if case .whole(let whole) = reply {
            return try self.finishWhole(whole, http: http, request: request, server: server, started: started)
        }
        guard done else {
            throw BackendError(
                .transport, backend: self.name, "the stream ended before [DONE]",
                excerpt: OutputValidation.excerpt(http.redact(output.text)))
        }
        return try self.finish(
            text: output.text, http: http, finishReason: finishReason, usage: nil, request: request,
            server: server, started: started)
    }
}
