import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// The probe's failed writes that need no server (`cases_writes`): standard output on a full disk
/// or a pipe nobody reads, `compile --out` into a file, a folder, a link to `/dev/full`, a folder
/// that does not exist, or past a 64-byte file-size limit. Output that cannot be written is an
/// error (exit 4, or 2 for a target refused before writing), never exit 0 with the output lost.
@Suite(.ownThreads) struct ProbeWriteFailureTests {
    /// A probe case run through `/bin/sh -c`, for what only a shell sets up around `guided`: a
    /// redirection to `/dev/full`, a pipe whose reader is gone, a file-size limit (`prlimit`). In
    /// `script`, `{guided}` is the built tool; `{dir}`, `{repo}` and `{dead}` are as in ``ProbeCase``,
    /// whose text files are laid out first and whose expectations judge the run.
    struct ShellProbe: Sendable, CustomTestStringConvertible {
        var probe: ProbeCase
        var script: String

        var testDescription: String { probe.name }
    }

    /// The notification schema, in the repository.
    static let notification = ProbeCase.notification

    /// An object schema of `count` string properties `p0`…, each at most 50 characters: a grammar
    /// of several kilobytes.
    static func wide(_ count: Int) -> String {
        #"{"type":"object","properties":{"#
            + (0..<count).map { #""p\#($0)":{"type":"string","maxLength":50}"# }.joined(separator: ",") + "}}"
    }

    static let shellCases: [ShellProbe] = [
        ShellProbe(
            probe: ProbeCase(name: "write-schema-dev-full", arguments: [], exits: [4]),
            script: "exec '{guided}' schema '\(ProbeCase.steps)' > /dev/full"),
        ShellProbe(
            probe: ProbeCase(name: "write-backends-dev-full", arguments: [], exits: [4]).withDeadConfiguration,
            script: "exec '{guided}' backends --config '{dir}/dead.json' > /dev/full"),
        // A FIFO opened read-write and then write-only, its only reader closed: a pipe whose reader is
        // gone before the first write.
        ShellProbe(
            probe: ProbeCase(
                name: "write-compile-stdout-broken-pipe", arguments: [], files: ["big.json": .text(wide(400))],
                exits: [4]),
            script: """
                mkfifo '{dir}/pipe' && exec 4<>'{dir}/pipe' && exec 5>'{dir}/pipe' && exec 4<&- \
                && exec '{guided}' compile '{dir}/big.json' >&5 5>&-
                """),
        // Exit 0 passes only with a file written somewhere under the folder.
        ShellProbe(
            probe: ProbeCase(name: "compile-out-missing-dir", arguments: [], exits: [0, 2, 4]),
            script: """
                '{guided}' compile '\(notification)' --out '{dir}/no/such/dir'
                status=$?
                if [ "$status" -eq 0 ] && [ -z "$(find '{dir}' -type f)" ]; then
                    echo 'exit 0 but no file written' >&2
                    exit 100
                fi
                exit "$status"
                """),
        // SIGXFSZ ignored, so a write past the limit fails like a full disk instead of killing.
        ShellProbe(
            probe: ProbeCase(
                name: "compile-fsize-big-grammar", arguments: [], files: ["big.json": .text(wide(200))],
                exits: [2, 4], stderr: "error"),
            script: """
                mkdir '{dir}/out' && trap '' XFSZ \
                && exec prlimit --fsize=64 '{guided}' compile '{dir}/big.json' --out '{dir}/out'
                """),
        ShellProbe(
            probe: ProbeCase(name: "compile-fsize-swift", arguments: [], exits: [2, 4], stderr: "error"),
            script: """
                mkdir '{dir}/out' && trap '' XFSZ \
                && exec prlimit --fsize=64 '{guided}' compile '\(notification)' --out '{dir}/out' --format swift
                """),
    ]

    static let cases: [ProbeCase] = [
        ProbeCase(
            name: "compile-out-is-file", arguments: ["compile", notification, "--out", "{dir}/plain-file"],
            files: ["plain-file": .text("x")], exits: [2, 4], stderr: "error"),
        ProbeCase(
            name: "compile-target-is-directory", arguments: ["compile", notification, "--out", "{dir}"],
            files: ["RewrittenNotification.gbnf": .folder], exits: [2, 4], stderr: "error"),
        ProbeCase(
            name: "compile-target-symlink-dev-full", arguments: ["compile", notification, "--out", "{dir}"],
            files: ["RewrittenNotification.gbnf": .link("/dev/full")], exits: [2, 4], stderr: "error"),
    ]

    @Test(arguments: shellCases) func outputThatCannotBeWrittenIsAnErrorNotExitZero(_ row: ShellProbe) throws {
        try Self.checkThroughShell(row.probe, script: row.script)
    }

    @Test(arguments: cases) func aCompileTargetThatCannotBeWrittenIsAnError(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }

    /// Runs `script` with `/bin/sh -c` in a fresh folder holding `probe`'s text files, and checks
    /// the run as `probe` says.
    static func checkThroughShell(
        _ probe: ProbeCase, script: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = NSTemporaryDirectory() + "guided-probe-shell-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let guided = try #require(GuidedCommandTests.builtProduct("guided"), sourceLocation: sourceLocation)
        let dead = try ReservedPort(.refuse)
        func filled(_ text: String) -> String {
            text.replacingOccurrences(of: "{guided}", with: guided)
                .replacingOccurrences(of: "{dir}", with: folder)
                .replacingOccurrences(of: "{repo}", with: GuidedCommandTests.repository)
                .replacingOccurrences(of: "{dead}", with: dead.baseURL)
        }
        for (path, file) in probe.files {
            guard case .text(let text) = file else {
                Issue.record("a shell case lays out text files only: \(path)", sourceLocation: sourceLocation)
                continue
            }
            try Data(filled(text).utf8).write(to: URL(fileURLWithPath: folder + "/" + path))
        }
        let run = try withExtendedLifetime(dead) {
            try ExecutableRun.run(
                "/bin/sh", ["-c", filled(script)], directory: folder, stdinPath: "/dev/null",
                timeout: .seconds(probe.seconds))
        }
        try probe.verify(run, sourceLocation: sourceLocation)
    }
}
