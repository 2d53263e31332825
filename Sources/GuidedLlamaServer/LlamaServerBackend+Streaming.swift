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
            var output = StreamedOutput(self.http, json: request.schema != nil)
            var probabilities: [GeneratedContent] = []
            var final: GeneratedContent?
            let reply = try await self.http.receive(
                self.completionRequest(prepared.body, ticket), framing: .serverSentEvents,
                progress: self.slotGate.progress
            ) { data throws(BackendError) in
                let chunk = try StreamEvent.json(
                    data, backend: self.name, required: ["content", "stop"], redact: self.http.redact)
                if let snapshot = output.append(chunk["content"]?.stringValue ?? "") {
                    continuation.yield(.partial(snapshot))
                }
                probabilities += chunk["completion_probabilities"]?.arrayValue ?? []
                if chunk["stop"]?.boolValue == true { final = chunk }
            }
            if case .whole(let whole) = reply {
                return try self.finishWhole(whole, request: request, adapter: prepared.adapter, started: started)
            }
            guard let final else {
                throw BackendError(
                    .transport, backend: self.name, "the stream ended before its final event",
                    excerpt: OutputValidation.excerpt(self.http.redact(output.text)))
            }
            return try self.finish(
                text: output.text, final: final, probabilities: probabilities, request: request,
                adapter: prepared.adapter, started: started)
        }
    }
}
