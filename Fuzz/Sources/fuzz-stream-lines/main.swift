import FuzzSupport

@testable import GuidedHTTP
@testable import GuidedServerBackends

/// The SSE and NDJSON line parsers: the bytes are a response body, split into lines at every
/// boundary the first byte picks; each line goes through the SSE parser and the strict event
/// reader, as a streaming backend reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStreamLines(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let (selector, body) = FuzzInput(start, count).split
    let step = max(1, Int(selector % 16))
    var splitter = LineSplitter()
    var sse = ServerSentEventParser()
    var lines: [String] = []
    var offset = 0
    while offset < body.count {
        let chunk = Array(body[offset..<min(offset + step, body.count)])
        chunk.withUnsafeBytes { splitter.append($0) { lines.append($0) } }
        offset += step
    }
    if let last = splitter.finish() { lines.append(last) }
    for line in lines {
        _ = try? StreamEvent.json(line, backend: "fuzz", required: ["response", "done"])
        if let event = sse.feed(line) {
            _ = try? StreamEvent.json(event.data, backend: "fuzz", required: ["content", "stop"])
        }
    }
    _ = sse.finish()
    return 0
}

/// The entry point SwiftPM's link expects (see ``runFuzzer(_:_:_:)``).
@_cdecl("fuzz_stream_lines_main")
public func fuzzStreamLinesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzStreamLines)
}
