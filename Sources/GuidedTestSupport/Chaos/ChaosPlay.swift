/// The generation endpoint's answer for one fault, streamed or whole.
struct ChaosPlay: Sendable {
    let dialect: ChaosDialect
    let fault: ChaosFault
    let valid: String
    let invalid: String
    let rejected: String
    let secret: String

    func response(streaming: Bool) -> StubResponse {
        let type = [StubHeader("Content-Type", ChaosWire.contentType(dialect, streaming: streaming))]
        let answer = { (text: String, limited: Bool) -> [UInt8] in
            Array(
                (streaming
                    ? ChaosWire.events(dialect, text, limited: limited).joined()
                    : ChaosWire.whole(dialect, text, limited: limited)).utf8)
        }
        switch fault {
        case .refuse, .loadingThenRecover:
            return .full(status: 200, headers: type, body: answer(valid, false))
        case .hang:
            return .hang
        case .slowBytes:
            return .stream(
                status: 200, headers: type, chunks: answer(valid, false).map { StubChunk([$0], after: .seconds(1)) },
                framing: .chunked)
        case .serverError:
            return .json(
                status: 500, ChaosWire.error(dialect, status: 500, "internal server error", type: "server_error"))
        case .rateLimited:
            return .json(
                status: 429, headers: [StubHeader("Retry-After", "7")],
                ChaosWire.error(dialect, status: 429, "too many requests, retry after 7 s", type: "rate_limit_error"))
        case .grammarError:
            return .json(
                status: 400,
                ChaosWire.error(
                    dialect, status: 400, "Failed to initialize samplers: failed to parse grammar",
                    type: "invalid_request_error"))
        case .contextOverflow:
            return .json(
                status: 400,
                ChaosWire.error(
                    dialect, status: 400,
                    "request (6002 tokens) exceeds the available context size (4096 tokens), try increasing it",
                    type: "exceed_context_size_error"))
        case .malformedJSON:
            let body =
                streaming
                ? (dialect == .ollama ? "{\"response\": \"a\n{{{\n" : "data: {\"content\": \"a\n\ndata: {{{\n\n")
                : "{\"content\": \"abc"
            return .full(status: 200, headers: type, body: Array(body.utf8))
        case .wrongShape:
            let body =
                streaming
                ? (dialect == .ollama ? "{\"unexpected\":[1,2,3]}\n" : "data: {\"unexpected\":[1,2,3]}\n\n")
                : #"{"unexpected":[1,2,3]}"#
            return .full(status: 200, headers: type, body: Array(body.utf8))
        case .hugeBody:
            let megabyte = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            return streaming
                ? .stream(
                    status: 200, headers: type, chunks: (0..<50).map { _ in StubChunk(megabyte) }, framing: .chunked)
                : .full(status: 200, headers: type, body: Array(repeating: megabyte, count: 50).flatMap { $0 })
        case .cutStream:
            let bytes = answer(valid, false)
            let cut = Array(bytes.prefix(bytes.count * 2 / 3))
            return .cut(
                status: 200, headers: type, chunks: [StubChunk(cut)], declaredLength: streaming ? nil : bytes.count)
        case .splitEveryByte:
            return .stream(
                status: 200, headers: type, chunks: answer(valid, false).map { StubChunk([$0]) }, framing: .chunked)
        case .stopLimit:
            return .full(status: 200, headers: type, body: answer(valid, true))
        case .schemaViolation:
            return .full(status: 200, headers: type, body: answer(invalid, false))
        case .validatorFailure:
            return .full(status: 200, headers: type, body: answer(rejected, false))
        case .hostileError:
            let message =
                String(ChaosWire.quoted(ChaosWire.hostile + " key ").dropLast()) + ChaosWire.escaped(secret) + "\""
            return .json(
                status: 500, ChaosWire.error(dialect, status: 500, quotedMessage: message, type: "server_error"))
        case .escapedKeyEcho:
            return .full(
                status: 200, headers: type,
                body: answer(#"{"text":"Your code is \#(ChaosWire.escaped(secret))"}"#, false))
        }
    }
}
