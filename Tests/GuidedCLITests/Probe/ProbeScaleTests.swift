import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The probe's runs whose cost grows with their size (`cases_hangs_config.py`): a secret of 1 to
/// 16 thousand characters echoed once inside hundreds of streamed tokens, which `guided` still
/// redacts (`redaction-*`), and configurations of thousands of backends, route entries, pool
/// members or outputs entries, read and used (`config-*`). Each run's time is the probe's bound
/// for it, as a hang guard only; the probe also holds each run to a peak resident size (600 MB,
/// 800 MB for the configurations), which these tests do not assert.
@Suite(.ownThreads) struct ProbeScaleTests {
    typealias Dialect = ProbeFaultServer.Dialect
    typealias Fault = ProbeFaultServer

    /// One `redaction-*` case: a secret (an API key, or the password in the backend's URL) that
    /// the server echoes once in the middle of `count` streamed tokens.
    struct Redaction: Sendable, CustomTestStringConvertible {
        var dialect: Dialect
        /// Whether the secret is the API key (`apiKeyEnv`) rather than the URL's password.
        var isKey: Bool
        var length: Int
        /// How many tokens stream.
        var count: Int
        /// Whether the echo spells every character as a `\uXXXX` escape rather than raw.
        var echoEscaped: Bool
        /// For the repetitive case: the one letter the secret and every token are made of.
        var letter: Character? = nil

        var testDescription: String { probe.name }

        /// The probe's secret: `rk-` and letters and digits, or ``letter`` repeated.
        var secret: String {
            if let letter { return String(repeating: letter, count: length) }
            let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
            return String(("rk-" + String((0..<length).map { alphabet[($0 * 7 + 3) % 31] })).prefix(length))
        }

        /// The generation endpoint's answer: the literals `"{\"text\":\""`, `count` tokens (`word `,
        /// or 60 of ``letter``) with the echoed secret after the middle one, `"\"}"`, each an event,
        /// then the final events, sent whole.
        var answer: StubResponse {
            let token = Fault.quoted(letter.map { String(repeating: $0, count: 60) } ?? "word ")
            let echo = "\"" + (echoEscaped ? Fault.escaped(secret) : secret) + "\""
            var literals = [#""{\"text\":\"""#]
            for index in 0..<count {
                literals.append(token)
                if index == count / 2 { literals.append(echo) }
            }
            literals.append(#""\"}""#)
            return Fault.send(Fault.events(dialect, literals: literals), contentType: dialect.contentType)
        }

        /// `guided generate --stream` of the free-text schema: exit 0, `[redacted]` on standard
        /// output, at most one trace line, within 15 s.
        var probe: ProbeCase {
            let limit = #","maxTokens":100000"#
            var files = Fault.configuration(dialect, isKey ? #","apiKeyEnv":"PROBE_API_KEY""# + limit : limit)
            files["free.json"] = .text(ProbeLongStreamTests.freeText)
            var environment: [String: String?] = [:]
            if isKey { environment["PROBE_API_KEY"] = secret }
            return ProbeCase(
                name: "redaction-\(dialect)-\(isKey ? "key" : "password")-\(length)-\(count)"
                    + (letter == nil ? "" : "-repetitive"),
                arguments: ProbeLongStreamTests.generate(schema: "free.json", ["--stream"]), files: files,
                environment: environment, exits: [0], stdout: #"\[redacted\]"#,
                traces: 1, seconds: 15)
        }
    }

    static let redactions: [Redaction] = [
        Redaction(dialect: .openai, isKey: true, length: 4096, count: 600, echoEscaped: true),
        Redaction(dialect: .openai, isKey: true, length: 16384, count: 1000, echoEscaped: false),
        Redaction(dialect: .llama, isKey: false, length: 1024, count: 600, echoEscaped: true),
        Redaction(dialect: .ollama, isKey: false, length: 2048, count: 800, echoEscaped: false),
        Redaction(dialect: .openai, isKey: true, length: 4096, count: 500, echoEscaped: false, letter: "k"),
    ]

    @Test(arguments: redactions) func aLongSecretEchoedInALongStreamIsRedactedInTime(_ row: Redaction) throws {
        let secret = row.secret
        let answer = row.answer
        let server = try Fault(
            dialect: row.dialect, generation: { _, _ in answer }, userInfo: row.isKey ? nil : "probe:" + secret
        ).start()
        defer { server.stop() }
        let run = try ProbeRun.check(row.probe, url: server.url)
        #expect(
            !Self.holds(run.stdout + run.stderr, secret),
            "the secret leaked (\(secret.prefix(12))…)\nstdout: \(run.stdout.prefix(2000))")
    }

    /// How a `config-*` case's configuration is made large.
    enum Shape: String, Sendable {
        /// Backends `b0`…, the first one live, the others refusing connections.
        case firstLive = "first-live"
        /// As ``firstLive``, the last backend named `b0` again.
        case duplicate
        /// As ``firstLive``, with a `route` naming `b0` once per backend.
        case route
        /// One pool whose members are the live server and then refused ones.
        case pool
        /// The live backend, and as many `outputs` entries (`Type0`…), each one candidate.
        case outputs
        /// As ``firstLive``, listed by `guided backends`.
        case backends
    }

    /// One `config-*` case: `count` entries of `shape`, the live one a llama-server answering well.
    struct ManyEntries: Sendable, CustomTestStringConvertible {
        var count: Int
        var shape: Shape

        var testDescription: String { "config-\(count / 1000)k-\(shape.rawValue)" }

        /// The configuration: llama-server backends with `timeoutSeconds` 3 (`{url}` live,
        /// `{dead}` refused), shaped as ``shape`` says.
        var configuration: String {
            func backend(_ name: String, live: Bool) -> String {
                #"{"name":"\#(name)","kind":"llama-server","url":"\#(live ? "{url}" : "{dead}")","#
                    + #""timeoutSeconds":3,"idleTimeoutSeconds":4}"#
            }
            var backends: [String]
            var top = ""
            switch shape {
            case .pool:
                let members = (0..<count).map {
                    #"{"kind":"llama-server","url":"\#($0 == 0 ? "{url}" : "{dead}")"}"#
                }
                backends = [#"{"name":"p","kind":"pool","members":["# + members.joined(separator: ",") + "]}"]
            case .outputs:
                backends = [backend("b0", live: true)]
                let entries = (0..<count).map { #""Type\#($0)":{"candidates":{"count":1}}"# }
                top = #","outputs":{"# + entries.joined(separator: ",") + "}"
            case .firstLive, .duplicate, .route, .backends:
                backends = (0..<count).map { backend("b\($0)", live: $0 == 0) }
                if shape == .duplicate { backends[count - 1] = backend("b0", live: false) }
                if shape == .route {
                    top = #","route":["# + Array(repeating: #""b0""#, count: count).joined(separator: ",") + "]"
                }
            }
            return #"{"backends":["# + backends.joined(separator: ",") + "]" + top + "}"
        }

        /// The run: `guided backends` (exit 0, within 25 s), or `guided generate` (exit 2 naming
        /// the duplicate's pointer; otherwise 0 or 2, the live answer on standard output but for
        /// ``Shape/route``; within 20 s).
        var probe: ProbeCase {
            let files: [String: ProbeFile] = ["guided.json": .text(configuration)]
            let generate = ProbeCase.generate(config: Fault.configurationPath)
            switch shape {
            case .backends:
                return ProbeCase(
                    name: testDescription, arguments: ["backends", "--config", Fault.configurationPath],
                    files: files, exits: [0], seconds: 25)
            case .duplicate:
                return ProbeCase(
                    name: testDescription, arguments: generate, files: files, exits: [2],
                    stderr: "#/backends/\(count - 1)/name", seconds: 20)
            case .route:
                return ProbeCase(name: testDescription, arguments: generate, files: files, exits: [0, 2], seconds: 20)
            case .firstLive, .pool, .outputs:
                return ProbeCase(
                    name: testDescription, arguments: generate, files: files, exits: [0, 2],
                    stdout: "fed the starter", seconds: 20)
            }
        }
    }

    static let manyEntries: [ManyEntries] = [
        ManyEntries(count: 10_000, shape: .firstLive), ManyEntries(count: 50_000, shape: .firstLive),
        ManyEntries(count: 50_000, shape: .duplicate), ManyEntries(count: 50_000, shape: .route),
        ManyEntries(count: 20_000, shape: .pool), ManyEntries(count: 20_000, shape: .outputs),
        ManyEntries(count: 3_000, shape: .backends),
    ]

    @Test(arguments: manyEntries) func aConfigurationOfThousandsOfEntriesIsReadAndUsedInTime(
        _ row: ManyEntries
    ) throws {
        let server = try Fault(dialect: .llama).start()
        defer { server.stop() }
        try ProbeRun.check(row.probe, url: server.url)
    }

    /// Whether `text` holds `part` byte for byte (Knuth–Morris–Pratt, so a 16,000-character
    /// secret searched in output made of one letter stays linear).
    static func holds(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(part.utf8)
        guard !needle.isEmpty else { return true }
        var fallback = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in needle.indices.dropFirst() {
            while length > 0 && needle[index] != needle[length] { length = fallback[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            fallback[index] = length
        }
        var matched = 0
        for byte in haystack {
            while matched > 0 && byte != needle[matched] { matched = fallback[matched - 1] }
            if byte == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }
}
