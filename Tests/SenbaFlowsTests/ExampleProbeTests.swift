import Foundation
import GuidedTestTraits
import Testing

/// The probe's fixture paths (laid out by ``ExampleProbeRun`` in every case folder), for tables.
protocol ExampleProbeTable {}

extension ExampleProbeTable {
    /// A configuration whose one backend refuses connections.
    static var dead: String { "{dir}/in/dead.json" }
    static var copy: String { "{dir}/in/copy.json" }
    static var steps: String { "{dir}/in/steps-request.json" }
    static var archive: String { "{dir}/in/archive.json" }
}

/// `cases_crash.py`'s standard input cases: a device, an endless pipe or a sparse file past
/// 64 MiB is refused at the limit, and an empty one is a located error.
@Suite(.ownThreads) struct ExampleProbeStandardInputTests: ExampleProbeTable {
    static let cases: [ExampleProbeCase] = [
        overLimit("copywriter", "urandom", .path("/dev/urandom")),
        overLimit("step-suggester", "endless-pipe", .endless("{")),
        overLimit("librarian", "sparse", .path("{dir}/sparse.json")),
        overLimit("config-swap", "zero", .path("/dev/zero")),
        overLimit("config-swap", "urandom", .path("/dev/urandom")),
        ExampleProbeCase(
            name: "stdin-librarian-empty", tool: "librarian", arguments: ["-", "--config", dead], stdin: .text(""),
            exits: [2], stderr: #"<stdin>(:\d+:\d+)?: error: "#),
    ]

    static func overLimit(_ tool: String, _ source: String, _ input: ExampleProbeInput) -> ExampleProbeCase {
        ExampleProbeCase(
            name: "stdin-\(tool)-\(source)", tool: tool,
            arguments: tool == "config-swap" ? ["--config", dead, "-"] : ["-", "--config", dead],
            files: source == "sparse" ? ["sparse.json": .sparse(64 * 1024 * 1024 + 1)] : [:], stdin: input,
            exits: [2], stderr: "standard input holds more than 64 MiB")
    }

    @Test(arguments: cases) func standardInputPastTheLimitOrEmptyIsRefused(_ probe: ExampleProbeCase) throws {
        try ExampleProbeRun.check(probe)
    }
}

/// `cases_hangs_config.py` and `cases_wrong.py`: a `./guided.json` that is a FIFO, a folder or a
/// dangling link, or a `GUIDED_CONFIG` naming a folder, is refused by name, never waited on.
@Suite(.ownThreads) struct ExampleProbeConfigurationFileTests: ExampleProbeTable {
    static let cases: [ExampleProbeCase] = [
        ExampleProbeCase(
            name: "fifo-implicit-config-copywriter", tool: "copywriter", arguments: [copy],
            files: ["guided.json": .fifo], exits: [2], stderr: "not a regular file|FIFO", seconds: 10),
        ExampleProbeCase(
            name: "implicit-config-directory-librarian", tool: "librarian", arguments: [archive],
            files: ["guided.json": .folder], exits: [2], stderr: #"guided\.json.*directory"#),
        ExampleProbeCase(
            name: "implicit-config-env-directory-copywriter", tool: "copywriter", arguments: [copy],
            environment: ["GUIDED_CONFIG": "{dir}"], exits: [2], stderr: "directory"),
        ExampleProbeCase(
            name: "implicit-config-dangling-symlink-copywriter", tool: "copywriter", arguments: [copy],
            files: ["guided.json": .link("{dir}/missing-config.json")], exits: [2], stderr: #"guided\.json"#),
    ]

    @Test(arguments: cases) func aConfigurationThatIsNotAFileIsRefusedByName(_ probe: ExampleProbeCase) throws {
        try ExampleProbeRun.check(probe)
    }
}

/// `cases_secrets.py`'s echo cases for the tools: the server sends the API key (OpenAI) or the
/// URL password (Ollama) back inside the model's JSON, every character `\u`-escaped on the wire,
/// and no report shows it.
@Suite(.ownThreads) struct ExampleProbeSecretEchoTests: ExampleProbeTable {
    static let key = "tok_Live_9fQ2xZ7mW4pL8vR3nB6cY1"
    static let password = "Zq9/Kp7#Lm2x?Tv5"
    /// `probe:PASSWORD` in Base64, as a Basic `Authorization` header carries it.
    static let basic = "cHJvYmU6WnE5L0twNyNMbTJ4P1R2NQ=="
    static let cases: [ExampleProbeCase] = [
        echo("echo-key-openai-step-suggester--json-plain", "step-suggester", .openai, ["--json"]),
        echo("echo-key-openai-step-suggester-plain", "step-suggester", .openai, []),
        echo("echo-key-openai-copywriter--json-plain", "copywriter", .openai, ["--json"]),
        echo("echo-password-ollama-copywriter--json-plain", "copywriter", .ollama, ["--json"]),
    ]

    static func echo(
        _ name: String, _ tool: String, _ dialect: ExampleProbeDialect, _ flags: [String]
    ) -> ExampleProbeCase {
        let secret = dialect == .openai ? key : password
        let (head, tail) =
            tool == "step-suggester"
            ? (#"{"steps":["Use "#, #" now","Bake a loaf","Feed the starter"]}"#) : (#"{"text":"Your code is "#, #""}"#)
        let backend =
            dialect == .openai
            ? #"{"name": "b", "kind": "openai-compatible", "url": "{url}", "model": "m", "timeoutSeconds": 8, "#
                + #""idleTimeoutSeconds": 4, "apiKeyEnv": "PROBE_API_KEY"}"#
            : #"{"name": "b", "kind": "ollama", "url": "http://probe:Zq9/Kp7#Lm2x%3FTv5@{host}", "model": "m", "#
                + #""timeoutSeconds": 8, "idleTimeoutSeconds": 4}"#
        let pieces = [
            ExampleProbeServer.quoted(head), "\"" + ExampleProbeServer.escaped(secret) + "\"",
            ExampleProbeServer.quoted(tail),
        ]
        return ExampleProbeCase(
            name: name, tool: tool,
            arguments: [tool == "step-suggester" ? steps : copy, "--config", "{dir}/server.json"] + flags,
            files: ["server.json": .text(#"{"backends": [\#(backend)]}"#)],
            environment: dialect == .openai ? ["PROBE_API_KEY": key] : [:],
            server: ExampleProbeServer(dialect: dialect, pieces: pieces), exits: [0],
            absent: [secret, password, basic],
            traces: 1)
    }

    @Test(arguments: cases) func aSecretEchoedEscapedNeverReachesTheReport(_ probe: ExampleProbeCase) throws {
        try ExampleProbeRun.check(probe)
    }
}

/// `cases_terminal.py`'s `hostile-report-*`: a model answer (or an archive entry) holding
/// terminal escapes, C1 controls, a NUL and a forged `trace:` line reaches the terminal escaped.
@Suite(.ownThreads) struct ExampleProbeHostileReportTests: ExampleProbeTable {
    /// The probe's `HOSTILE`: OSC 52, OSC 8, a screen clear, a DCS, backspaces, a BEL, a CR, a NUL,
    /// a line break starting a forged trace line, C1 CSI and OSC, NEL and DEL.
    static let hostile =
        "boom \u{1B}]52;c;cHduZWQ=\u{7}\u{1B}]8;;http://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}[2J"
        + "\u{1B}P1$r\u{1B}\\\u{8}\u{8}\u{7}\rover\u{0}\ntrace: forged: ok\u{9B}31m\u{9D}0;t\u{7}\u{85}\u{7F}end"
    static let cases: [ExampleProbeCase] = ["copywriter", "step-suggester", "librarian", "config-swap"]
        .map { hostileReport($0) }

    static func hostileReport(_ tool: String) -> ExampleProbeCase {
        let answer =
            tool == "step-suggester"
            ? #"{"steps": ["#
                + ExampleProbeServer.quoted("Feed the starter " + String(hostile.unicodeScalars.prefix(30)))
                + #", "Bake the loaf", "Shape the dough"]}"#
            : #"{"text": "#
                + ExampleProbeServer.quoted(
                    "Back in March you fed the starter twice. " + String(hostile.unicodeScalars.prefix(40))) + "}"
        let configuration =
            #"{"backends": [{"name": "b", "kind": "llama-server", "url": "{url}", "timeoutSeconds": 8, "#
            + #""idleTimeoutSeconds": 4}]}"#
        var files: [String: ExampleProbeFile] = ["server.json": .text(configuration)]
        if tool == "librarian" {
            let text = ExampleProbeServer.quoted("Fed the starter " + hostile).dropFirst().dropLast()
            files["in/archive.json"] = .text(ExampleProbeCase.archiveText(firstText: String(text)))
        }
        let arguments: [String] =
            switch tool {
            case "librarian": [archive, "--config", "{dir}/server.json"]
            case "config-swap": ["--config", "{dir}/server.json"]
            case "copywriter": [copy, "--config", "{dir}/server.json", "--json"]
            default: [steps, "--config", "{dir}/server.json"]
            }
        return ExampleProbeCase(
            name: "hostile-report-\(tool)", tool: tool, arguments: arguments, files: files,
            server: .answering(.llama, answer), exits: [0, 2])
    }

    @Test(arguments: cases) func escapesInAnAnswerOrArchiveReachTheTerminalEscaped(_ probe: ExampleProbeCase) throws {
        try ExampleProbeRun.check(probe)
    }
}

/// `cases_writes.py`'s tool cases: a report to `/dev/full` or a closed standard output, and an
/// archive rewritten on a disk that fills after 600 bytes, fail with an error and leave the
/// archive JSON.
@Suite(.ownThreads) struct ExampleProbeWriteFailureTests: ExampleProbeTable {
    static let cases: [ExampleProbeCase] = [
        ExampleProbeCase(
            name: "write-step-suggester-json-dev-full", tool: "step-suggester",
            arguments: [steps, "--config", dead, "--json"], output: .devFull, exits: [1, 2, 3, 4]),
        ExampleProbeCase(
            name: "write-librarian-stdout-closed", tool: "librarian", arguments: [archive, "--config", dead],
            output: .closed, exits: [1, 2, 3, 4]),
        diskFull("complete", ["--complete", "Buy a kitchen scale", "--goal", "sourdough"]),
        diskFull("record", ["--record"]),
    ]

    static func diskFull(_ mode: String, _ options: [String]) -> ExampleProbeCase {
        ExampleProbeCase(
            name: "librarian-\(mode)-disk-full", tool: "librarian", arguments: [archive, "--config", dead] + options,
            fileSizeLimit: 600, exits: [1, 2, 3, 4], stderr: "error|write", afterwards: .staysJSON("in/archive.json"))
    }

    @Test(arguments: cases) func unwritableOutputFailsAndTheArchiveStaysJSON(_ probe: ExampleProbeCase) throws {
        try ExampleProbeRun.check(probe)
    }
}

/// `cases_pools_librarian.py`'s librarian dates and archives: an impossible `--today`, archive
/// date or entry date is refused saying why; a step with escapes is recorded or refused, cleanly.
@Suite(.ownThreads) struct ExampleProbeLibrarianTests: ExampleProbeTable {
    static let notADate = "is not YYYY-MM-DD"
    static let cases: [ExampleProbeCase] = [
        today("2100-02-29", "2100-02-29", refused: "February 2100 has 28 days"), today("2000-02-29", "2000-02-29"),
        today("____-01-01", "\u{FF12}\u{FF10}\u{FF12}\u{FF16}-01-01", refused: notADate),
        today("2026-01-01_ (space)", "2026-01-01 ", refused: notADate),
        today("2026-01-01_ (line feed)", "2026-01-01\n", refused: notADate),
        today("2026-1-1", "2026-1-1", refused: notADate), today("-2026-01-01", "-2026-01-01", refused: notADate),
        today("2026-12-32", "2026-12-32", refused: "December 2026 has 31 days|day 32"),
        today("9999-12-31", "9999-12-31"), today("2026-06-31", "2026-06-31", refused: "June 2026 has 30"),
        ExampleProbeCase(
            name: "librarian-today-year-0000", tool: "librarian",
            arguments: [archive, "--today", "0000-01-01", "--config", dead], exits: [0, 2],
            stderrOnUsageError: "--today"),
        impossible("archive-today", ExampleProbeCase.archiveText(today: "2026-02-30"), "today.*2026-02-30"),
        impossible("entry-date", ExampleProbeCase.archiveText(firstDate: "2026-02-31"), "/entries/0/date"),
        impossible(
            "surfaced-date", ExampleProbeCase.archiveText(secondExtra: #", "surfaced": ["2026-13-01"]"#), nil),
        ExampleProbeCase(
            name: "librarian-complete-no-goal", tool: "librarian", arguments: [archive, "--complete", "Buy flour"],
            exits: [2], stderr: "--goal"),
        ExampleProbeCase(
            name: "librarian-complete-hostile-step", tool: "librarian",
            arguments: [archive, "--complete", "Buy \u{1B}[2J\rflour\u{9B}", "--goal", "sourdough"], exits: [0, 2],
            afterwards: .entryContains("in/archive.json", "flour")),
    ]

    /// `librarian ARCHIVE --today DATE`: refused for `reason`, or (nil) run and reported.
    static func today(_ label: String, _ date: String, refused reason: String? = nil) -> ExampleProbeCase {
        ExampleProbeCase(
            name: "librarian-today-\(label)", tool: "librarian",
            arguments: [archive, "--today", date, "--config", dead], exits: reason == nil ? [0] : [2],
            stderr: reason.map { "error: --today .*" + $0 }, stdout: reason == nil ? "picked|candidate|skipped" : nil)
    }

    /// An archive with an impossible date: refused (the probe fails an exit 0), saying `pattern`.
    static func impossible(_ label: String, _ text: String, _ pattern: String?) -> ExampleProbeCase {
        ExampleProbeCase(
            name: "librarian-\(label)-impossible", tool: "librarian", arguments: [archive, "--config", dead],
            files: ["in/archive.json": .text(text)], exits: [2], stderr: pattern)
    }

    @Test(arguments: cases) func impossibleDatesAreRefusedSayingWhy(_ probe: ExampleProbeCase) throws {
        try ExampleProbeRun.check(probe)
    }
}

/// `cases_unclear.py`'s tool cases: a UTF-8 byte-order mark is named as one, and `--help`,
/// unknown options and missing values get the usage or say which.
@Suite(.ownThreads) struct ExampleProbeUnclearErrorTests: ExampleProbeTable {
    static let bom = "\u{FEFF}"
    static let cases: [ExampleProbeCase] = [
        byteOrderMark(
            "copywriter-request", "copywriter", ["{dir}/r.json", "--config", dead],
            files: ["r.json": .text(bom + ExampleProbeCase.copyRequest)]),
        byteOrderMark(
            "archive", "librarian", ["{dir}/a.json", "--config", dead],
            files: ["a.json": .text(bom + ExampleProbeCase.archiveText())]),
        byteOrderMark(
            "copywriter-stdin", "copywriter", ["-", "--config", dead],
            stdin: .text(bom + ExampleProbeCase.copyRequest)),
        ExampleProbeCase(
            name: "cli-copywriter-REQUEST.json-help", tool: "copywriter", arguments: ["REQUEST.json", "--help"],
            exits: [0], stdout: "^usage: copywriter "),
        ExampleProbeCase(
            name: "cli-step-suggester-bogus", tool: "step-suggester", arguments: ["--bogus"], exits: [2],
            stderr: "unknown option --bogus.*usage: step-suggester"),
        ExampleProbeCase(
            name: "cli-librarian-archive.json-today", tool: "librarian", arguments: ["archive.json", "--today"],
            exits: [2], stderr: "--today needs a value"),
        ExampleProbeCase(name: "cli-config-swap-none", tool: "config-swap", arguments: [], exits: [0, 2]),
        ExampleProbeCase(
            name: "cli-config-swap-h-config", tool: "config-swap", arguments: ["-h", "--config"], exits: [0],
            stdout: "^usage: config-swap"),
        ExampleProbeCase(
            name: "cli-copywriter-json=1-x", tool: "copywriter", arguments: ["--json=1", "x"], exits: [2],
            stderr: "unknown option --json=1"),
    ]

    static func byteOrderMark(
        _ label: String, _ tool: String, _ arguments: [String], files: [String: ExampleProbeFile] = [:],
        stdin: ExampleProbeInput? = nil
    ) -> ExampleProbeCase {
        ExampleProbeCase(
            name: "bom-\(label)", tool: tool, arguments: arguments, files: files, stdin: stdin, exits: [2],
            stderr: "byte-order mark", absent: ["invalid utf-8", "invalid UTF-8"])
    }

    @Test(arguments: cases) func byteOrderMarksAndUsageMistakesAreNamed(_ probe: ExampleProbeCase) throws {
        try ExampleProbeRun.check(probe)
    }
}

/// `cases_syntax.py`'s tool cases: a request or archive nested 100,000 levels deep is a located
/// error, never a crash of the parser's stack.
@Suite(.ownThreads) struct ExampleProbeNestingTests: ExampleProbeTable {
    static let cases: [ExampleProbeCase] = [
        deep("copywriter-request-100k", "copywriter", String(repeating: "[", count: 100_000)),
        deep("archive-100k-objects", "librarian", String(repeating: #"{"a":"#, count: 100_000)),
    ]

    static func deep(_ label: String, _ tool: String, _ text: String) -> ExampleProbeCase {
        ExampleProbeCase(
            name: "input-\(label)", tool: tool, arguments: ["{dir}/input.json", "--config", dead],
            files: ["input.json": .text(text)], exits: [2], stderr: #":\d+:\d+: error: |error: .*(at #|/)"#)
    }

    @Test(arguments: cases) func deeplyNestedInputIsALocatedError(_ probe: ExampleProbeCase) throws {
        try ExampleProbeRun.check(probe)
    }
}
