import Foundation
import GuidedTestSupport
import Testing

/// One case of the hostile-input probe (`scripts/probe`) that runs a Senba example tool, as data:
/// the files it lays out in a folder of its own, the command line, and what every run must show.
/// Written in the tables of `ExampleProbeTests.swift` and run by ``ExampleProbeRun``.
///
/// Every case folder holds the probe's ``fixtures`` under `in/` (a case's own `files` replace
/// them). In ``arguments``, file texts, link targets and ``environment`` values, `{dir}` is the
/// case's folder, `{dead}` the base URL of a port that refuses connections, and `{url}` /
/// `{host}` the case's server (its backend URL, `/v1` included for OpenAI; its `127.0.0.1:PORT`).
/// The tool runs in the case's folder, with `GUIDED_CONFIG` unset and `GUIDED_CACHE` an empty
/// folder, as the probe runs it.
struct ExampleProbeCase: Sendable, CustomTestStringConvertible {
    /// The case's name in the probe.
    var name: String
    /// The example executable: `copywriter`, `step-suggester`, `librarian` or `config-swap`.
    var tool: String
    var arguments: [String]
    /// Files laid out in the case's folder first, by path relative to it.
    var files: [String: ExampleProbeFile] = [:]
    /// Variables set (nil: removed) on top of the test process's environment.
    var environment: [String: String?] = [:]
    /// What standard input holds: nil is `/dev/null`.
    var stdin: ExampleProbeInput? = nil
    /// Where standard output goes.
    var output: ExampleProbeOutput = .captured
    /// A file size limit in bytes (`RLIMIT_FSIZE`, `SIGXFSZ` ignored): a disk that fills.
    var fileSizeLimit: Int? = nil
    /// The model server the case's configuration names.
    var server: ExampleProbeServer? = nil
    /// The exit statuses that pass.
    var exits: Set<Int32>
    /// A pattern standard error must match (case-insensitive, `.` matching line breaks).
    var stderr: String? = nil
    /// A pattern standard output must match.
    var stdout: String? = nil
    /// Patterns neither output may match.
    var never: [String] = []
    /// Text (secrets included) neither output may contain, compared exactly.
    var absent: [String] = []
    /// A pattern standard error must match when the exit status is 2.
    var stderrOnUsageError: String? = nil
    /// The most `trace:` lines standard error may hold; nil for any number.
    var traces: Int? = nil
    /// What must hold of the case's files once the tool has exited.
    var afterwards: ExampleProbeAfterwards? = nil
    /// The longest a run may take: the probe's hang guard, not a speed target.
    var seconds: Int = 30

    var testDescription: String { name }

    /// The probe's fixtures (`fixtures.py`), written as its `json.dumps` writes them.
    static let fixtures: [String: ExampleProbeFile] = [
        "in/dead.json": .text(
            #"{"backends": [{"name": "d", "kind": "llama-server", "url": "{dead}", "timeoutSeconds": 3}]}"#),
        "in/copy.json": .text(copyRequest),
        "in/steps-request.json": .text(
            #"{"goal": "bake sourdough at home", "entries": [{"date": "2026-03-01", "text": "Fed the starter "#
                + #"twice."}], "done": ["Buy a kitchen scale"]}"#),
        "in/archive.json": .text(archiveText()),
    ]

    static let copyRequest =
        #"{"kind": "callback", "delivery": "push", "goal": "bake sourdough at home", "entries": [{"date": "#
        + #""2026-03-01", "text": "Fed the starter twice."}], "template": "Back in {month} you wrote: \"{entry}\""}"#

    /// The probe's `ARCHIVE`, with its `today`, the first entry's date and text (a JSON string's
    /// inside), and what follows the second entry's last field changed.
    static func archiveText(
        today: String = "2026-11-30", firstDate: String = "2026-03-01", firstText: String = "Fed the starter twice.",
        secondExtra: String = ""
    ) -> String {
        [
            #"{"today": "\#(today)", "policy": {"threads": ["baking", "swimming"], "minimumAgeDays": 30, "#,
            #""cooldownDays": 90, "threadCooldownDays": 7}, "goals": [{"id": "sourdough", "text": "bake "#,
            #"sourdough at home", "thread": "baking"}, {"id": "swim", "text": "learn to swim", "thread": "#,
            #""swimming"}], "entries": [{"id": "e1", "date": "\#(firstDate)", "text": "\#(firstText)", "#,
            #""thread": "baking", "goal": "sourdough"}, {"id": "e2", "date": "2026-04-02", "text": "Bought "#,
            #"goggles.", "thread": "swimming", "goal": "swim"\#(secondExtra)}, {"id": "e3", "date": "#,
            #""2026-09-12", "text": "Shaped a loaf and let the starter rise overnight.", "thread": "baking", "#,
            #""goal": "sourdough"}, {"id": "e4", "date": "2026-11-28", "text": "Fed the starter and baked a "#,
            #"loaf with a better crust.", "thread": "baking", "goal": "sourdough"}]}"#,
        ].joined()
    }
}

/// A file an ``ExampleProbeCase`` lays out.
enum ExampleProbeFile: Sendable {
    /// UTF-8 text (placeholders filled).
    case text(String)
    /// A named pipe nobody writes to.
    case fifo
    /// A symbolic link to the path (placeholders filled).
    case link(String)
    case folder
    /// A sparse file of this many zero bytes.
    case sparse(Int)
}

/// Standard input of an ``ExampleProbeCase``.
enum ExampleProbeInput: Sendable {
    /// This text, then end of file.
    case text(String)
    /// This file or device (placeholders filled).
    case path(String)
    /// A pipe a writer fills with this one-byte character until the reader leaves.
    case endless(String)
}

/// Where an ``ExampleProbeCase`` sends standard output.
enum ExampleProbeOutput: Sendable {
    case captured
    /// `> /dev/full`: every write fails.
    case devFull
    /// `>&-`: no standard output at all.
    case closed
}

/// A check of the case's files after the run.
enum ExampleProbeAfterwards: Sendable {
    /// The file (relative to the case folder) still parses as JSON, whatever the exit.
    case staysJSON(String)
    /// On exit 0, the file is an archive one of whose entries' text contains the text.
    case entryContains(String, String)
}

/// Runs an ``ExampleProbeCase`` and checks it the probe's way: not still running at its hang
/// guard, not ended by a signal, an exit it allows, its patterns, and no raw control character
/// on either stream.
enum ExampleProbeRun {
    static func check(_ probe: ExampleProbeCase, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = NSTemporaryDirectory() + "senba-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dead = try ReservedPort(.refuse)
        let server = try probe.server.map { try $0.start() }
        defer { server?.stop() }
        func filled(_ text: String) -> String {
            var text = text.replacingOccurrences(of: "{dir}", with: folder)
                .replacingOccurrences(of: "{dead}", with: dead.baseURL)
            if let server, let dialect = probe.server?.dialect {
                text = text.replacingOccurrences(of: "{host}", with: "127.0.0.1:\(server.port)")
                    .replacingOccurrences(of: "{url}", with: server.baseURL + (dialect == .openai ? "/v1" : ""))
            }
            return text
        }
        let files = ExampleProbeCase.fixtures.merging(probe.files) { _, own in own }
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            try lay(file, at: folder + "/" + path, filled: filled)
        }
        let tool = try #require(toolPath(probe.tool), "\(probe.tool) is not built", sourceLocation: sourceLocation)
        var stdinText: String?
        var stdinPath = "/dev/null"
        var writer: Process?
        switch probe.stdin {
        case .text(let text): stdinText = text
        case .path(let path): stdinPath = filled(path)
        case .endless(let character):
            stdinPath = folder + "/endless-stdin"
            try #require(mkfifo(stdinPath, 0o600) == 0, "mkfifo \(stdinPath)", sourceLocation: sourceLocation)
            writer = try endlessWriter(of: character, into: stdinPath)
        case nil: break
        }
        defer {
            if let writer, writer.isRunning { writer.terminate() }
            writer?.waitUntilExit()
        }
        var environment: [String: String?] = ["GUIDED_CONFIG": nil, "GUIDED_CACHE": folder + "/no-cache"]
        for (key, value) in probe.environment { environment[key] = value.map(filled) }
        let (path, arguments) = try command(tool, probe.arguments.map(filled), probe, sourceLocation)
        let run = try ExecutableRun.run(
            path, arguments, directory: folder, environment: environment, stdin: stdinText,
            stdinPath: stdinText == nil ? stdinPath : nil, timeout: .seconds(probe.seconds))
        let shown =
            "exit \(run.status)\nstdout: \(run.stdout.prefix(2000).debugDescription)\n"
            + "stderr: \(run.stderr.prefix(2000).debugDescription)"
        #expect(!run.timedOut, "still running after \(probe.seconds) s", sourceLocation: sourceLocation)
        #expect(!run.signalled, "ended by signal \(run.status)\n\(shown)", sourceLocation: sourceLocation)
        #expect(probe.exits.contains(run.status), "\(shown)", sourceLocation: sourceLocation)
        var patterns = [("stderr", probe.stderr, run.stderr), ("stdout", probe.stdout, run.stdout)]
        if run.status == 2 { patterns.append(("stderr of a usage error", probe.stderrOnUsageError, run.stderr)) }
        for case (let stream, let pattern?, let text) in patterns {
            #expect(
                try matches(pattern, text), "\(stream) should match /\(pattern)/\n\(shown)",
                sourceLocation: sourceLocation)
        }
        for pattern in probe.never {
            #expect(
                try !matches(pattern, run.stdout + run.stderr), "nothing should match /\(pattern)/\n\(shown)",
                sourceLocation: sourceLocation)
        }
        for text in probe.absent where !text.isEmpty {
            #expect(
                !(run.stdout + run.stderr).contains(text), "the output holds \(text.debugDescription)\n\(shown)",
                sourceLocation: sourceLocation)
        }
        if let traces = probe.traces {
            let count = run.stderr.split(separator: "\n").filter { $0.hasPrefix("trace:") }.count
            #expect(count <= traces, "\(count) trace lines\n\(shown)", sourceLocation: sourceLocation)
        }
        for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            let controls = rawControls(text)
            #expect(
                controls.isEmpty, "raw control characters on \(stream): \(controls.prefix(8))\n\(shown)",
                sourceLocation: sourceLocation)
        }
        switch probe.afterwards {
        case .staysJSON(let file):
            let data = FileManager.default.contents(atPath: folder + "/" + file) ?? Data()
            #expect(
                (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil,
                "\(file) is no longer JSON (\(data.count) bytes)\n\(shown)", sourceLocation: sourceLocation)
        case .entryContains(let file, let wanted) where run.status == 0:
            let data = FileManager.default.contents(atPath: folder + "/" + file) ?? Data()
            let archive = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            let entries = archive?["entries"] as? [[String: Any]] ?? []
            #expect(
                entries.contains { ($0["text"] as? String)?.contains(wanted) == true },
                "exit 0, but no entry of \(file) holds \(wanted.debugDescription)\n\(shown)",
                sourceLocation: sourceLocation)
        case .entryContains, nil: break
        }
    }

    /// Control characters a terminal would act on: below U+0020 but line feed and tab, and
    /// U+007F to U+009F, each as `U+XXXX`.
    static func rawControls(_ text: String) -> [String] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
            .map { String(format: "U+%04X", $0.value) }
    }

    /// Whether `pattern` (case-insensitive, `.` matching line breaks) matches somewhere in `text`.
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        try Regex(pattern).ignoresCase().dotMatchesNewlines().firstMatch(in: text) != nil
    }

    /// The built example, found where `ExampleProcess` finds it.
    static func toolPath(_ name: String) -> String? {
        let beside = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path
        return [beside, ExampleProcess.repository + "/.build/debug/" + name]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The command line: the tool itself, or `/bin/sh` redirecting its output or limiting its
    /// file size (with `prlimit`) before it `exec`s the tool, so a signal still ends the tool itself.
    static func command(
        _ tool: String, _ arguments: [String], _ probe: ExampleProbeCase, _ sourceLocation: SourceLocation
    ) throws -> (String, [String]) {
        var script = #"exec "$0" "$@""#
        if let limit = probe.fileSizeLimit {
            let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"]
                .first { FileManager.default.isExecutableFile(atPath: $0) }
            let found = try #require(
                prlimit, "prlimit (util-linux) sets the file size limit", sourceLocation: sourceLocation)
            script = #"trap '' XFSZ; exec \#(found) --fsize=\#(limit) "$0" "$@""#
        }
        switch probe.output {
        case .captured where probe.fileSizeLimit == nil: return (tool, arguments)
        case .captured: break
        case .devFull: script += " > /dev/full"
        case .closed: script += " >&-"
        }
        return ("/bin/sh", ["-c", script, tool] + arguments)
    }

    /// Writes `character` into the FIFO at `path` without end, until its reader leaves.
    static func endlessWriter(of character: String, into path: String) throws -> Process {
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"exec tr '\000' "$1" < /dev/zero > "$0""#, path, character]
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        return writer
    }

    private static func lay(_ file: ExampleProbeFile, at path: String, filled: (String) -> String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch file {
        case .text(let text): try Data(filled(text).utf8).write(to: URL(fileURLWithPath: path))
        case .fifo: try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path)")
        case .link(let target):
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: filled(target))
        case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        case .sparse(let size):
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            try #require(truncate(path, off_t(size)) == 0, "truncate \(path)")
        }
    }
}
