import GuidedBackends
import GuidedHTTP
import GuidedJSON
import GuidedSchema

extension LlamaServerBackend {
    /// `/completion` with `stream: true` over Server-Sent Events: partial snapshots as tokens
    /// arrive, then the validated response. A stream cut before its final event is an error.
    public func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        BackendStreaming.stream(backend: name, redact: { [http] in http.redacting($0) }) { continuation in
            let prepared = try await self.prepare(request, stream: true)
            let started = ContinuousClock.now
            var parser = ServerSentEventParser()
            var text = ""
            var final: GeneratedContent?
            var refusal: (status: Int, lines: [String])?
            for try await event in self.http.client.stream(self.http.streamRequest(self.baseURL + "/completion", body: prepared.body)) {
                switch event {
                case .head(let status, _) where status != 200:
                    refusal = (status, [])  // read the error body, then map it as respond() does
                case .head: continue
                case .line(let line) where refusal != nil:
                    refusal?.lines.append(line)
                case .line(let line):
                    guard let sse = parser.feed(line) else { continue }
                    let chunk = try StreamEvent.json(sse.data, backend: self.name, required: ["content", "stop"], redact: self.http.redact)
                    if let piece = chunk["content"]?.stringValue, !piece.isEmpty {
                        text += piece
                        continuation.yield(.partial(self.http.redactedSnapshot(text)))
                    }
                    if chunk["stop"]?.boolValue == true { final = chunk }
                }
            }
            if let refusal {
                let body = self.http.redact(refusal.lines.joined(separator: "\n"))
                try self.checkStatus(JSONOverHTTP.Reply(status: refusal.status, json: try? JSONReader.parse(body), text: body))
            }
            guard let final else {
                throw BackendError(.transport, backend: self.name, "the stream ended before its final event", excerpt: OutputValidation.excerpt(self.http.redact(text)))
            }
            return try self.finish(text: self.http.redact(text), final: final, request: request, started: started)
        }
    }
}
