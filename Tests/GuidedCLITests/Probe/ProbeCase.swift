import Foundation
import Testing

/// One case of the hostile-input probe (`scripts/probe`) as data: the files it lays out in a
/// folder of its own, the `guided` command line, and what every run of it must show. Written in
/// tables (`ProbeRegexTests`, …) and run by ``ProbeRun``.
///
/// In ``arguments``, file texts, link targets and ``environment`` values, `{dir}` is the case's
/// folder, `{repo}` the repository, `{dead}` the base URL of a port that refuses connections,
/// and `{url}` the base URL of the case's server, when it has one.
struct ProbeCase: Sendable, CustomTestStringConvertible {
    /// The case's name in the probe.
    var name: String
    /// The `guided` command line.
    var arguments: [String]
    /// Files laid out in the case's folder first, by path relative to it.
    var files: [String: ProbeFile] = [:]
    /// Variables set (nil: removed) on top of the test process's environment.
    var environment: [String: String?] = [:]
    /// What standard input holds: nil inherits nothing useful (`/dev/null`).
    var stdin: ProbeInput? = nil
    /// Whether `guided` runs in the case's folder rather than the repository.
    var runsInFolder = false
    /// The exit statuses that pass.
    var exits: Set<Int32>
    /// A pattern standard error must match (case-insensitive, `.` matching line breaks).
    var stderr: String? = nil
    /// A pattern standard output must match.
    var stdout: String? = nil
    /// Patterns neither output may match.
    var never: [String] = []
    /// A pattern standard error must match when the exit status is 2 (a usage error must say
    /// where), for cases that allow several statuses.
    var stderrOnUsageError: String? = nil
    /// The most `trace:` lines standard error may hold; nil for any number.
    var traces: Int? = nil
    /// The longest a run may take: a hang guard, not a speed target.
    var seconds: Int = 20

    var testDescription: String { name }
}

/// A file a ``ProbeCase`` lays out.
enum ProbeFile: Sendable {
    /// UTF-8 text (placeholders filled).
    case text(String)
    /// Raw bytes.
    case bytes([UInt8])
    /// A named pipe nobody writes to.
    case fifo
    /// A symbolic link to the path (placeholders filled).
    case link(String)
    /// A folder.
    case folder
    /// A sparse file of this many zero bytes.
    case sparse(Int)
}

/// Standard input of a ``ProbeCase``.
enum ProbeInput: Sendable {
    /// This text, then end of file.
    case text(String)
    /// This file or device (`/dev/zero`).
    case path(String)
}

extension ProbeCase {
    /// The probe's notification schema.
    static let notification = "{repo}/schemas/RewrittenNotification.json"
    /// The probe's step-list schema.
    static let steps = "{repo}/schemas/StepSuggestions.json"
    /// A configuration whose one backend refuses connections.
    static let deadConfiguration =
        #"{"backends":[{"name":"d","kind":"llama-server","url":"{dead}","timeoutSeconds":3}]}"#

    /// `guided generate` of a notification through `config` (a path), one candidate, no
    /// person-level checks, then `extra`.
    static func generate(config: String = "{dir}/dead.json", _ extra: [String] = []) -> [String] {
        [
            "generate", "--schema", notification, "--prompt", "Rewrite the note", "--config", config,
            "--no-quality-checks", "--candidates", "1",
        ] + extra
    }

    /// This case with the dead configuration at `{dir}/dead.json`.
    var withDeadConfiguration: ProbeCase {
        var probe = self
        probe.files["dead.json"] = .text(Self.deadConfiguration)
        return probe
    }
}
