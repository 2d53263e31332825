import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The probe's configuration cases of `scripts/probe_suite/cases_terminal.py`: a configuration
/// file whose name holds escape sequences, and configuration strings (backend and pool-member
/// names, a kind, an unknown key, a route, an `apiKeyEnv`, a model, an output type, a dialect, a
/// template path) holding bidi controls, C1 controls, escape sequences or a line break that could
/// forge a `trace:` line. `guided backends` refuses them or lists them, and either way writes no
/// raw control character. (A raw bidi control on the terminal is only borderline in the probe, so
/// it is not checked here.)
@Suite(.ownThreads) struct ProbeTerminalConfigurationTests {
    /// A clipboard write and a screen clear in a file name.
    static let hostileFileName = "cfg\u{1B}]52;c;eA==\u{07}\u{1B}[2J.json"

    static let pathName = ProbeCase(
        name: "hostile-config-path-name", arguments: ["backends", "--config", "{dir}/" + hostileFileName],
        files: [hostileFileName: .text(#"{"backends": 5}"#)], exits: [2], stderr: "backends")

    /// The probe's backend `b` at a port that refuses connections.
    static let dead = #"{"name":"b","kind":"llama-server","url":"{dead}"}"#

    /// Label, document (`{dead}`: a refused port; `{url}`: an Ollama without the configured model,
    /// so `backends` names the model), and the exits that pass.
    static let documents: [(String, String, Set<Int32>)] = [
        (
            "pool-member-bidi",
            #"{"backends":[{"name":"p","kind":"pool","members":[{"name":"m\u202egnp.exe","kind":"llama-server","#
                + #""url":"{dead}"}]}]}"#, [2]
        ),
        (
            "backend-name-isolate", #"{"backends":[{"name":"b\u2066x\u2069","kind":"llama-server","url":"{dead}"}]}"#,
            [2]
        ),
        ("backend-name-rlm", #"{"backends":[{"name":"b\u200fx","kind":"llama-server","url":"{dead}"}]}"#, [2]),
        ("kind-c1", #"{"backends":[{"name":"b","kind":"llama\u009b2J\u0085x"}]}"#, [2]),
        (
            "unknown-key-osc8",
            #"{"backends":[{"name":"b","kind":"llama-server","url":"{dead}","\u001b]8;;http://evil/\u001b\\x":1}]}"#,
            [2]
        ),
        ("route-newline", #"{"backends":[\#(dead)],"route":["b\ntrace: b: ok"]}"#, [2]),
        (
            "apiKeyEnv-bidi",
            #"{"backends":[{"name":"b","kind":"openai-compatible","url":"{dead}/v1","model":"m","#
                + #""apiKeyEnv":"KEY\u202eYEK"}]}"#, [0, 2]
        ),
        (
            "model-nel-bidi", #"{"backends":[{"name":"b","kind":"ollama","url":"{url}","model":"m\u0085x\u202ey"}]}"#,
            [0, 2]
        ),
        (
            "outputs-type-escape", #"{"backends":[\#(dead)],"outputs":{"T\u001b[2J":{"route":["nope\u001b[1m"]}}}"#,
            [2]
        ),
        (
            "dialect-escape",
            #"{"backends":[{"name":"b","kind":"openai-compatible","url":"{dead}/v1","model":"m","#
                + #""dialect":"vllm\u001b[31m"}]}"#, [2]
        ),
        (
            "template-path-escape",
            #"{"backends":[\#(dead)],"outputs":{"T":{"fallback":{"template":"t\u001b[2J\r.json"}}}}"#, [2]
        ),
        (
            "raw-newline-in-string",
            #"{"backends":[{"name":"b","kind":"ollama","url":"{url}","model":"m"# + "\n" + #"trace: forged"}]}"#,
            [0, 2]
        ),
    ]

    static let strings: [ProbeCase] = documents.map { label, document, exits in
        ProbeCase(
            name: "config-string-" + label, arguments: ["backends", "--config", "{dir}/guided.json"],
            files: ["guided.json": .text(document)], exits: exits)
    }

    @Test func aConfigurationFileNamedWithEscapesIsNamedWithoutThem() throws {
        try ProbeRun.check(Self.pathName)
    }

    @Test(arguments: strings) func aConfigurationStringWithControlCharactersReachesTheTerminalEscaped(
        _ probe: ProbeCase
    ) throws {
        // The probe's live Ollama: healthy, but without the configured model.
        let server = try StubHTTPServer()
        defer { server.stop() }
        server.route("GET", "/api/tags") { _ in .json(#"{"models":[]}"#) }
        server.route("POST", "/api/show") { _ in .json(#"{"model_info":{"gemma3.context_length":4096}}"#) }
        try ProbeRun.check(probe, url: server.baseURL)
    }
}
