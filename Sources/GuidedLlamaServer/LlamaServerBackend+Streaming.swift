import GuidedBackends
import GuidedHTTP
import GuidedJSON
import GuidedSchema
import GuidedServerBackends

extension LlamaServerBackend {
    /// `/completion` with `stream: true` over Server-Sent Events: partial snapshots as tokens
    /// arrive, then the validated response. A stream cut before its final event is an error.
    /// An error status, or a `200` answered whole (``BackendStreaming/answersWhole(_:)``: a server
    /// or proxy that ignores `stream`), is read to its end and judged as a whole reply.
    public func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        http.stream { continuation in
            let prepared = try await self.prepare(request, stream: true)
            let ticket = try await self.takeSlots(1)
            defer { self.giveBack(ticket) }
            let started = ContinuousClock.now
            var parser = ServerSentEventParser()
            var text = ""
            var shown = self.http.redactedStream()
            var folding = JSONEscapeFolding() // a JSON output's snapshots are decoded: redact what they decode to
            var probabilities: [GeneratedContent] = []
            var final: GeneratedContent?
            var sawEvent = false
            var whole: (status: Int, lines: [String])?
            for try await event in self.http.client.stream(self.completionRequest(prepared.body, ticket)) {
                self.slotGate.progress()
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
                    let chunk = try StreamEvent.json(
                        sse.data, backend: self.name, required: ["content", "stop"], redact: self.http.redact)
                    if let piece = chunk["content"]?.stringValue, !piece.isEmpty {
                        text += piece
                        shown.append(request.schema == nil ? piece : folding.append(piece))
                        continuation.yield(.partial(shown.shown))
                    }
                    probabilities += chunk["completion_probabilities"]?.arrayValue ?? []
                    if chunk["stop"]?.boolValue == true { final = chunk }
                }
            }
            if let whole {
                return try self.finishWhole(
                    self.http.reply(status: whole.status, body: whole.lines.joined(separator: "\n")),
                    request: request, started: started)
            }
            guard let final else {
                throw BackendError(
                    .transport, backend: self.name, "the stream ended before its final event",
                    excerpt: OutputValidation.excerpt(self.http.redact(text)))
            }
            return try self.finish(
                text: text, final: final, probabilities: probabilities, request: request,
                started: started)
        }
    }
}
