import Foundation
import GuidedTestTraits
import Testing

/// Runs `guided-bench faults` (issue 12's fault matrix: every chaos fault × backend kind, whole
/// and streamed, through the router with a next backend and alone with a fallback) in its own
/// process, so its descriptor, thread and child counts are its own. The run fails itself on any
/// broken promise (late cell, wrong source, leak); this test also greps all of its output for
/// the planted API key and checks the reasons name the faults.
@Suite(.ownThreads) struct FaultMatrixTests {
    @Test func everyFaultEndsInATypedReasonTheNextBackendOrTheFallbackWithNoLeak() throws {
        let binary = GuidedCommandTests.repository + "/.build/debug/guided-bench"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["faults"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text.split(separator: "\n").filter { $0.hasPrefix("PROBLEM") })")
        #expect(text.contains("fault matrix: every cell kept its promise"))
        #expect(!text.contains("sk-planted"), "the planted key leaked")
        #expect(!text.contains("reader:"), "URL credentials leaked")
        #expect(text.contains(#"value: {"text":"Your code is [redacted]"}"#), "the decoded echo of the key is redacted")
        #expect(
            !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
            "a hostile server's control characters reached the output raw")
        let rows = Dictionary(
            text.split(separator: "\n").filter { $0.hasPrefix("| ") }.map { line -> (String, String) in
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                return (cells[0], cells.dropFirst().joined(separator: " | "))
            }, uniquingKeysWith: { first, _ in first })
        let expected: [(String, String)] = [
            ("refuse connections", "unavailable:unreachable"), ("accept, never answer", "failed:timeout"),
            ("one byte a second", "failed:timeout"),
            ("503 loading, then recover", "unavailable:loading"), ("500", "failed:httpStatus"),
            ("429 Retry-After", "failed:httpStatus"),
            ("400 grammar error", "failed:grammarRejected"), ("malformed JSON", "failed:malformedResponse"),
            ("JSON of the wrong shape", "failed:malformedResponse"), ("50 MB body", "failed:transport"),
            ("cut mid-event", "failed:transport"),
            ("split at every byte", "succeeded served"), ("stop: token limit", "failed:truncated"),
            ("context overflow", "contextExceeded"),
            ("output breaks the schema", "failed:invalidOutput"),
            ("output fails a validator", "rejected:blockedPhrase"),
            ("500 with escapes and an escaped key", "failed:httpStatus"),
            ("key echoed JSON-escaped", "succeeded served"),
        ]
        for (fault, reason) in expected {
            let row = try #require(rows[fault], "no row for \(fault)")
            #expect(row.contains(reason), "\(fault): \(row)")
            #expect(
                !row.contains("stream: failed:transport → spare") || ["50 MB body", "cut mid-event"].contains(fault),
                "\(fault): \(row)")
        }
        #expect(text.contains("responseTooLarge") && text.contains("idle timeout") && text.contains("connectionClosed"))
    }
}
