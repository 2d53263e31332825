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
        var parser = ServerSentEventParser()
        var text = ""
        var shown = http.redactedStream()
        var folding = JSONEscapeFolding() // a JSON output's snapshots are decoded: redact what they decode to
        var finishReason: String?
        var done = false
        var sawEvent = false
        var whole: (status: Int, lines: [String])?
        for try await event in http.client.stream(
            http.streamRequest(self.baseURL + self.api.path, body: body))
        {
            switch event {
            case .head(let status, _) where status != 200:
                whole = (status, [])
            case .head: continue
            case .line(let line) where whole != nil:
                whole?.lines.append(line)
            case .line(let line) where !sawEvent && BackendStreaming.answersWhole(line):
                whole = (200, [line])
            case .line(let line):
                guard let sse = parser.feed(line) else { continue }
                sawEvent = true
                if sse.data == "[DONE]" {
                    done = true
                    continue
                }
                let chunk = try StreamEvent.json(
                    sse.data, backend: self.name, required: ["choices"], redact: http.redact)
                guard let choice = chunk["choices"]?[0] else { continue }
                if let piece = choice.value(at: self.api.streamedTextPath)?.stringValue, !piece.isEmpty {
                    text += piece
                    shown.append(request.schema == nil ? piece : folding.append(piece))
                    continuation.yield(.partial(shown.shown))
                }
                if let reason = choice["finish_reason"]?.stringValue { finishReason = reason }
            }
        }
        if let whole {
            return try self.finishWhole(
                http.reply(status: whole.status, body: whole.lines.joined(separator: "\n")), http: http,
                request: request, server: server, started: started)
        }
        guard done else {
            throw BackendError(
                .transport, backend: self.name, "the stream ended before [DONE]",
                excerpt: OutputValidation.excerpt(http.redact(text)))
        }
        return try self.finish(
            text: text, http: http, finishReason: finishReason, usage: nil, request: request, server: server,
            started: started)
    }
}
