import GuidedBackends
import GuidedHTTP

/// How a server answered a streamed request: with events, each handed on as it came, or with a
/// whole reply to judge as one (an error status, or a `200` that is not a stream).
package enum StreamedReply: Sendable {
    /// Every event of the stream went to the caller's handler, and the body ended normally.
    case events
    /// The whole body, read to its end and redacted: an error status, or a `200` whose first
    /// line shows it is not a stream (``BackendStreaming/answersWhole(_:)``).
    case whole(JSONOverHTTP.Reply)

    /// How a stream's events are delimited.
    package enum Framing: Sendable {
        /// Server-Sent Events (`data:` lines ended by an empty line), as llama-server, OpenAI
        /// and TGI send: the handler gets each event's data. A `200` whose first line is no SSE
        /// field is a whole reply.
        case serverSentEvents
        /// One JSON value per line (NDJSON), as Ollama sends: the handler gets each non-empty line.
        case jsonLines
    }
}

extension JSONOverHTTP {
    /// Sends `request` for a streamed reply and reads it: the one loop every HTTP backend uses.
    ///
    /// Each event's data goes to `event` as it arrives (after `progress`, called for the head and
    /// every body line: a slot gate sees the server is alive). An error status, or a `200`
    /// answered whole, is read to its end and returned as ``StreamedReply/whole(_:)`` instead.
    /// A transport failure becomes the ``BackendError`` ``backendError(_:backend:)`` gives it, and
    /// every error, the handler's own included, is redacted (``redacting(_:)``) before it leaves.
    /// - Returns: ``StreamedReply/events`` when the stream ended normally; whether it ended
    ///   *complete* (its final event seen) is the caller's to judge from what its handler saw.
    package func receive(
        _ request: HTTPRequest, framing: StreamedReply.Framing, progress: () -> Void = {},
        event: (String) throws(BackendError) -> Void
    ) async throws(BackendError) -> StreamedReply {
        var parser = ServerSentEventParser()
        var sawEvent = false
        var whole: (status: Int, lines: [String])?
        do {
            for try await item in client.stream(request) {
                progress()
                switch item {
                case .head(let status, _) where status != 200:
                    whole = (status, [])
                case .head:
                    continue
                case .line(let line):
                    if whole != nil {
                        whole?.lines.append(line)
                        continue
                    }
                    switch framing {
                    case .jsonLines:
                        guard !line.isEmpty else { continue }
                        try event(line)
                    case .serverSentEvents:
                        if !sawEvent && BackendStreaming.answersWhole(line) {
                            whole = (200, [line])
                            continue
                        }
                        guard let sse = parser.feed(line) else { continue }
                        sawEvent = true
                        try event(sse.data)
                    }
                }
            }
        } catch let error as BackendError {
            throw redacting(error)
        } catch let error as HTTPError {
            throw redacting(Self.backendError(error, backend: backend))
        } catch {
            throw BackendError(.transport, backend: backend, redact("\(error)"))
        }
        guard let whole else { return .events }
        return .whole(reply(status: whole.status, body: whole.lines.joined(separator: "\n")))
    }
}
