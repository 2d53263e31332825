import Foundation
import GuidedTestSupport
import Testing

/// Runs a ``ProbeCase`` and checks what it must show, the probe's way: the exit status, the
/// patterns, and that the run was clean — no raw control character on either stream, not ended
/// by a signal, within its time.
enum ProbeRun {
    /// Runs `probe` (its server, if any, at `url`), records an issue for each thing it got wrong,
    /// and returns the run for checks of the case's own.
    @discardableResult
    static func check(_ probe: ProbeCase, url: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> ExecutableRun
    {
        let folder = NSTemporaryDirectory() + "guided-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dead = try ReservedPort(.refuse)
        func filled(_ text: String) -> String {
            text.replacingOccurrences(of: "{dir}", with: folder)
                .replacingOccurrences(of: "{repo}", with: GuidedCommandTests.repository)
                .replacingOccurrences(of: "{dead}", with: dead.baseURL)
                .replacingOccurrences(of: "{url}", with: url ?? "{url}")
        }
        for (path, file) in probe.files.sorted(by: { $0.key < $1.key }) {
            try lay(file, at: folder + "/" + path, filled: filled)
        }
        let guided = try #require(GuidedCommandTests.builtProduct("guided"), sourceLocation: sourceLocation)
        var stdinPath: String?
        var stdinText: String?
        switch probe.stdin {
        case .text(let text): stdinText = text
        case .path(let path): stdinPath = filled(path)
        case nil: stdinPath = "/dev/null"
        }
        let run = try ExecutableRun.run(
            guided, probe.arguments.map(filled),
            directory: probe.runsInFolder ? folder : GuidedCommandTests.repository,
            environment: probe.environment.mapValues { $0.map(filled) }, stdin: stdinText, stdinPath: stdinPath,
            timeout: .seconds(probe.seconds))
        try probe.verify(run, filling: filled, sourceLocation: sourceLocation)
        return run
    }

    /// Whether `pattern` (case-insensitive, `.` matching line breaks) matches somewhere in `text`.
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        try Regex(pattern).ignoresCase().dotMatchesNewlines().firstMatch(in: text) != nil
    }

    private static func lay(_ file: ProbeFile, at path: String, filled: (String) -> String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch file {
        case .text(let text): try Data(filled(text).utf8).write(to: URL(fileURLWithPath: path))
        case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: path))
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

extension ProbeCase {
    /// Checks `run`, a run of this case, for what it must show: within ``seconds``, not ended by a
    /// signal, an exit in ``exits``, the patterns (``never``'s with `filled`'s placeholders), the
    /// trace count, and no raw control character on either stream. ``ProbeRun/check(_:url:sourceLocation:)``
    /// checks its runs with it; a test that runs a case its own way (through a shell) calls it.
    func verify(
        _ run: ExecutableRun, filling filled: (String) -> String = { $0 },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let shown = "exit \(run.status)\nstdout: \(run.stdout.prefix(2000))\nstderr: \(run.stderr.prefix(2000))"
        #expect(!run.timedOut, "still running after \(seconds) s", sourceLocation: sourceLocation)
        #expect(!run.signalled, "ended by signal \(run.status)\n\(shown)", sourceLocation: sourceLocation)
        #expect(exits.contains(run.status), "\(shown)", sourceLocation: sourceLocation)
        if let pattern = stderr {
            #expect(
                try ProbeRun.matches(pattern, run.stderr), "stderr should match /\(pattern)/\n\(shown)",
                sourceLocation: sourceLocation)
        }
        if let pattern = stdout {
            #expect(
                try ProbeRun.matches(pattern, run.stdout), "stdout should match /\(pattern)/\n\(shown)",
                sourceLocation: sourceLocation)
        }
        if run.status == 2, let pattern = stderrOnUsageError {
            #expect(
                try ProbeRun.matches(pattern, run.stderr), "a usage error should match /\(pattern)/\n\(shown)",
                sourceLocation: sourceLocation)
        }
        for pattern in never {
            #expect(
                try !ProbeRun.matches(filled(pattern), run.stdout + run.stderr),
                "nothing should match /\(pattern)/\n\(shown)", sourceLocation: sourceLocation)
        }
        if let traces {
            let count = run.stderr.split(separator: "\n").filter { $0.hasPrefix("trace:") }.count
            #expect(count <= traces, "\(count) trace lines\n\(shown)", sourceLocation: sourceLocation)
        }
        for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
            let controls = TerminalSafetyTests.rawControls(text, allowing: ["\n", "\t"])
            #expect(
                controls.isEmpty, "raw control characters on \(stream): \(controls.prefix(8))",
                sourceLocation: sourceLocation)
        }
    }
}
