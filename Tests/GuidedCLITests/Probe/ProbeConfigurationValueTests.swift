import Foundation
import GuidedTestTraits
import Testing

/// The probe's configuration values (`cases_syntax`, `config_value_case`): a configuration document
/// of the wrong shape, a repeated key, a wrong type, a number out of range, a name that is
/// nowhere. `guided backends --config` refuses each with exit 2 and an `error: ` that gives the
/// JSON Pointer of the value at fault (`temperature-3` is `GenerateOutputsCommandTests`').
@Suite(.ownThreads) struct ProbeConfigurationValueTests {
    /// A backend that refuses connections, with `extra` members after its URL.
    static func backend(_ extra: String = "") -> String {
        #"{"name":"b","kind":"llama-server","url":"{dead}"\#(extra)}"#
    }

    /// A pattern for standard error: `error: ` and, when there is one, the pointer (the pointers
    /// here hold no character a pattern treats specially).
    static func refusal(naming pointer: String?) -> String {
        guard let pointer else { return "error: " }
        return "^(?=.*error: )(?=.*\(pointer))"
    }

    /// A pool whose members are tried again after 1e300 seconds.
    static let pool =
        #"{"backends":[{"name":"p","kind":"pool","recoverySeconds":1e300,"members":[{"kind":"llama-server","#
        + #""url":"{dead}"}]}]}"#

    /// The probe's documents: its label, the document, and the pointer the error must give.
    static let rows: [(label: String, document: String, pointer: String?)] =
        [
            (
                "duplicate-top-level-backends",
                #"{"backends":[\#(backend())],"backends":[\#(backend(",\"name\":\"c\""))]}"#, nil
            ),
            (
                "duplicate-key-url",
                #"{"backends":[{"name":"b","kind":"llama-server","url":"{dead}","url":"http://x:1"}]}"#,
                "#/backends/0/url"
            ),
            ("backends-object", #"{"backends":{}}"#, "#/backends"),
            ("route-string", #"{"backends":[\#(backend())],"route":"b"}"#, "#/route"),
            ("name-number", #"{"backends":[{"name":5,"kind":"llama-server","url":"{dead}"}]}"#, "#/backends/0/name"),
            (
                "timeout-string", #"{"backends":[\#(backend(",\"timeoutSeconds\":\"5\""))]}"#,
                "#/backends/0/timeoutSeconds"
            ),
            ("kind-null", #"{"backends":[{"name":"b","kind":null}]}"#, "#/backends/0/kind"),
            ("version-2", #"{"version":2,"backends":[\#(backend())]}"#, "#/version"),
            (
                "attempts-101", #"{"backends":[\#(backend())],"routing":{"attemptsPerBackend":101}}"#,
                "#/routing/attemptsPerBackend"
            ),
            (
                "deadline-huge", #"{"backends":[\#(backend())],"routing":{"deadlineSeconds":1e308}}"#,
                "#/routing/deadlineSeconds"
            ),
            (
                "timeout-1e300", #"{"backends":[\#(backend(",\"timeoutSeconds\":1e300"))]}"#,
                "#/backends/0/timeoutSeconds"
            ),
            (
                "idle-timeout-1e18", #"{"backends":[\#(backend(",\"idleTimeoutSeconds\":1e18"))]}"#,
                "#/backends/0/idleTimeoutSeconds"
            ),
            (
                "maxtokens-1e400", #"{"backends":[\#(backend(",\"maxTokens\":1e400"))]}"#,
                "#/backends/0/maxTokens"
            ),
            ("pool-recovery-1e300", pool, "#/backends/0/recoverySeconds"),
            (
                "candidates-17", #"{"backends":[\#(backend())],"outputs":{"T":{"candidates":{"count":17}}}}"#,
                "#/outputs/T/candidates/count"
            ),
            ("route-unknown-backend", #"{"backends":[\#(backend())],"route":["nope"]}"#, "#/route/0"),
            ("backend-is-string", #"{"backends":["b"]}"#, "#/backends/0"),
            ("top-level-array", "[]", nil),
            ("backends-empty", #"{"backends":[]}"#, "#/backends"),
            (
                "pointer-escaping",
                #"{"backends":[{"name":"b","kind":"llama-server","url":"{dead}","a/b~c":1}]}"#,
                "#/backends/0/a~1b~0c"
            ),
        ]

    static let cases: [ProbeCase] = rows.map { label, document, pointer in
        ProbeCase(
            name: "config-\(label)", arguments: ["backends", "--config", "{dir}/guided.json"],
            files: ["guided.json": .text(document)], exits: [2], stderr: refusal(naming: pointer), seconds: 30)
    }

    @Test(arguments: cases) func aConfigurationValueIsRefusedWithItsPointer(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }
}
