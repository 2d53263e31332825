import Foundation
import GuidedTestTraits
import Testing

/// The probe's malformed input files (`cases_syntax`, `input_file_case`): a schema, an instance,
/// a configuration, an `--examples` or a `--fallback` file nested 100,000 levels deep, or holding
/// `NaN`, `Infinity`, a comment, a trailing comma, single quotes, a NUL, invalid UTF-8 or text
/// after the document. Each is refused with exit 2 and an error that says where, never a crash of
/// the parser's stack. (The probe's copywriter and librarian files belong to the example tools.)
@Suite(.ownThreads) struct ProbeMalformedFileTests {
    /// Where a file goes on the command line.
    enum Place {
        case schema, instance, config, examples, fallback, compile

        /// `guided`'s arguments with the file at `{dir}/input.json`.
        var arguments: [String] {
            switch self {
            case .schema: ["validate", "{dir}/input.json", "{dir}/i.json"]
            case .instance: ["validate", ProbeCase.notification, "{dir}/input.json"]
            case .config: ["backends", "--config", "{dir}/input.json"]
            case .examples: ProbeCase.generate(["--examples", "{dir}/input.json"])
            case .fallback: ProbeCase.generate(["--fallback", "{dir}/input.json"])
            case .compile: ["compile", "{dir}/input.json"]
            }
        }
    }

    /// The probe's depth for the deep files.
    static let deep = 100_000

    /// `text`, then `raw` bytes, then `rest`.
    static func bytes(_ text: String, _ raw: [UInt8], _ rest: String) -> ProbeFile {
        .bytes(Array(text.utf8) + raw + Array(rest.utf8))
    }

    static let rows: [(label: String, content: ProbeFile, place: Place)] = [
        ("schema-100k-brackets", .text(String(repeating: "[", count: deep)), .schema),
        ("instance-100k-brackets", .text(String(repeating: "[", count: deep)), .instance),
        ("config-100k-brackets", .text(#"{"backends":"# + String(repeating: "[", count: deep)), .config),
        ("examples-100k-objects", .text(String(repeating: #"{"a":"#, count: deep)), .examples),
        ("fallback-100k-brackets", .text(String(repeating: "[", count: deep)), .fallback),
        (
            "schema-3000-not-closed",
            .text(String(repeating: #"{"not":"#, count: 3000) + "{}" + String(repeating: "}", count: 3000)),
            .compile
        ),
        ("schema-nan-literal", .text(#"{"type":"number","maximum":NaN}"#), .schema),
        ("schema-infinity-literal", .text(#"{"type":"number","minimum":-Infinity}"#), .schema),
        ("instance-nan-literal", .text("NaN"), .instance),
        (
            "config-infinity-timeout",
            .text(
                #"{"backends":[{"name":"b","kind":"llama-server","url":"http://127.0.0.1:9","#
                    + #""timeoutSeconds":Infinity}]}"#),
            .config
        ),
        (
            "config-comment",
            .text(
                #"{"backends":[ // the backend"# + "\n" + #"{"name":"b","kind":"llama-server","#
                    + #""url":"http://127.0.0.1:9"}]}"#),
            .config
        ),
        (
            "config-trailing-comma",
            .text(#"{"backends":[{"name":"b","kind":"llama-server","url":"http://127.0.0.1:9"},]}"#), .config
        ),
        ("config-single-quotes", .text("{'backends':[]}"), .config),
        ("config-nul-byte", bytes(#"{"backends":"#, [0x00], "[]}"), .config),
        (
            "config-invalid-utf8",
            bytes(#"{"backends":[{"name":"b"#, [0xFF], #"","kind":"llama-server","url":"http://x"}]}"#), .config
        ),
        ("instance-trailing-garbage", .text(#"{"text":"ok"} x"#), .instance),
        ("examples-empty-file", .text(""), .examples),
        ("examples-trailing-garbage", .text("[] []"), .examples),
        ("examples-invalid-utf8", bytes(#"[{"input":""#, [0xC0, 0xAF], #"","output":{"text":"x"}}]"#), .examples),
    ]

    static let cases: [ProbeCase] = rows.map { label, content, place in
        var probe = ProbeCase(
            name: "input-\(label)", arguments: place.arguments,
            files: ["input.json": content], exits: [2], stderr: #":\d+:\d+: error: |error: .*(at #|/)"#,
            seconds: 30)
        switch place {
        case .schema: probe.files["i.json"] = .text(#""x""#)
        case .examples, .fallback: probe = probe.withDeadConfiguration
        default: break
        }
        return probe
    }

    @Test(arguments: cases) func aMalformedFileIsRefusedWithAnErrorThatSaysWhere(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }
}
