import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The probe's long answers (`cases_crash.py`): a server streaming 40,000 to 200,000 events —
/// empty ones, one character each, or SSE comments — inside one answer (`many-events-*`), and a
/// model answering a `format: regex` string nested 18,000 groups deep
/// (`regex-format-model-answer-*`). Each run ends, with an answer or a failure and at most one
/// trace line, never a crash. The probe also holds each run to a peak resident size (400 MB for
/// the long streams); these tests assert no memory figure, and their time (the probe's 30-second
/// case limit, these cases naming no bound of their own) is a hang guard only.
@Suite(.ownThreads) struct ProbeLongStreamTests {
    typealias Dialect = ProbeFaultServer.Dialect
    typealias Fault = ProbeFaultServer

    /// The probe's limit on a case that names no time of its own.
    static let caseLimit = 30

    /// The probe's free-text schema: an object holding one string, `text`.
    static let freeText =
        #"{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"#
        + #""additionalProperties":false}"#

    /// `guided generate` of `{dir}/<schema>` through the server's configuration, then `extra`.
    static func generate(schema: String, _ extra: [String]) -> [String] {
        ProbeCase.generate(config: Fault.configurationPath, extra).map {
            $0 == ProbeCase.notification ? "{dir}/" + schema : $0
        }
    }

    /// What fills a long stream between its opening and its closing event.
    enum Filler: Sendable {
        /// Events carrying an empty piece.
        case empty
        /// Events carrying `a`.
        case character
        /// SSE comments, `: keep-alive`.
        case comment
    }

    /// One `many-events-*` case: the run, and the stream its server sends.
    struct LongStream: Sendable, CustomTestStringConvertible {
        var probe: ProbeCase
        var dialect: Dialect
        /// How many filler events.
        var count: Int
        var filler: Filler
        /// Whether the run is `guided respond` (free text) rather than `guided generate`.
        var responds: Bool

        var testDescription: String { probe.name }

        /// The generation endpoint's answer, chunked with `Connection: close`: the opening event
        /// (`{"text":"`, or `Hello` to `respond`), the filler events 2,000 to a chunk, the closing
        /// event (`done"}`, or ` done.`) and the final events.
        var answer: StubResponse {
            let one =
                filler == .comment
                ? ": keep-alive\n\n" : Fault.event(dialect, literal: Fault.quoted(filler == .character ? "a" : ""))
            let block = StubChunk(String(repeating: one, count: 2000))
            let opening = Fault.event(dialect, literal: Fault.quoted(responds ? "Hello" : #"{"text":""#))
            let closing = Fault.event(dialect, literal: Fault.quoted(responds ? " done." : #"done"}"#))
            let chunks =
                [StubChunk(opening)] + Array(repeating: block, count: count / 2000)
                + [StubChunk(closing), StubChunk(Fault.finalEvents(dialect))]
            let headers = [StubHeader("Content-Type", dialect.contentType), StubHeader("Connection", "close")]
            return .stream(status: 200, headers: headers, chunks: chunks, framing: .chunked)
        }
    }

    /// A `many-events-*` row: `dialect` streams `count` filler events; the run streams its
    /// output when `streamed`. `generate` runs get `"maxTokens":1000000` on the backend.
    static func longStream(
        _ dialect: Dialect, _ count: Int, _ filler: Filler, streamed: Bool, responds: Bool = false
    ) -> LongStream {
        let name =
            "many-events-\(dialect)-\(count / 1000)k" + (filler == .character ? "-char" : "-empty")
            + (streamed ? "-stream" : "") + (responds ? "-respond" : "") + (filler == .comment ? "-comments" : "")
        let stream = streamed ? ["--stream"] : []
        let arguments =
            responds
            ? ["respond", "--prompt", "Hi", "--config", Fault.configurationPath] + stream
            : generate(schema: "free.json", stream)
        var files = Fault.configuration(dialect, responds ? "" : #","maxTokens":1000000"#)
        files["free.json"] = .text(freeText)
        let probe = ProbeCase(
            name: name, arguments: arguments, files: files, exits: [0, 3], traces: 1, seconds: caseLimit)
        return LongStream(probe: probe, dialect: dialect, count: count, filler: filler, responds: responds)
    }

    static let longStreams: [LongStream] = [
        longStream(.llama, 200_000, .empty, streamed: true),
        longStream(.openai, 200_000, .empty, streamed: true),
        longStream(.ollama, 200_000, .empty, streamed: true),
        longStream(.llama, 200_000, .empty, streamed: false),
        longStream(.llama, 40_000, .character, streamed: true),
        longStream(.openai, 40_000, .character, streamed: true, responds: true),
        longStream(.ollama, 40_000, .character, streamed: false),
        longStream(.llama, 200_000, .comment, streamed: true),
    ]

    @Test(arguments: longStreams) func aStreamOfHundredsOfThousandsOfEventsEndsWithOneTrace(
        _ row: LongStream
    ) throws {
        let answer = row.answer
        let server = try Fault(dialect: row.dialect, generation: { _, _ in answer }).start()
        defer { server.stop() }
        try ProbeRun.check(row.probe, url: server.url)
    }

    /// One `regex-format-model-answer-*` case: the run, and the dialect its server speaks.
    struct RegexAnswer: Sendable, CustomTestStringConvertible {
        var probe: ProbeCase
        var dialect: Dialect

        var testDescription: String { probe.name }
    }

    /// An object whose one property, `r`, is a `format: regex` string.
    static let regexProperty =
        #"{"type":"object","properties":{"r":{"type":"string","format":"regex"}},"required":["r"],"#
        + #""additionalProperties":false}"#

    /// The model's answer: `r` a pattern of 18,000 nested non-capturing groups, as Python's
    /// `json.dumps` writes it (a space after the colon).
    static let deepRegexAnswer = #"{"r": ""# + ProbeRegexTests.nested("noncapture", 18000) + #""}"#

    /// A `regex-format-model-answer-*` row: `guided generate` of ``regexProperty``.
    static func regexAnswer(_ dialect: Dialect, streamed: Bool = false) -> RegexAnswer {
        var files = Fault.configuration(dialect)
        files["fr.json"] = .text(regexProperty)
        let probe = ProbeCase(
            name: "regex-format-model-answer-\(dialect)" + (streamed ? "-stream" : ""),
            arguments: generate(schema: "fr.json", streamed ? ["--stream"] : []), files: files, exits: [0, 3],
            stderr: #"trace: b: (ok|failed:invalidOutput)"#, traces: 1, seconds: caseLimit)
        return RegexAnswer(probe: probe, dialect: dialect)
    }

    static let regexAnswers: [RegexAnswer] = [
        regexAnswer(.llama), regexAnswer(.openai, streamed: true), regexAnswer(.ollama),
    ]

    @Test(arguments: regexAnswers) func aDeeplyNestedRegexInTheModelsAnswerIsCheckedOrRefusedWithOneTrace(
        _ row: RegexAnswer
    ) throws {
        let generation = Fault.answering(row.dialect, Self.deepRegexAnswer, pieces: 50)
        let server = try Fault(dialect: row.dialect, generation: generation).start()
        defer { server.stop() }
        try ProbeRun.check(row.probe, url: server.url)
    }
}
