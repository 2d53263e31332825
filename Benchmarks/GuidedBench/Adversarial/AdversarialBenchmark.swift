import Foundation
import Guided
import GuidedHTTP
import GuidedManagedServer
import GuidedSchema

/// `guided-bench adversarial [--guided PATH] [--no-live]`: each ``AdversarialCase`` through the
/// release `guided` tool in a child process (`compile`, and `validate` for a pattern's instance):
/// how it ended, wall time and the child's peak resident memory. Then every grammar produced goes
/// to a live llama-server once (8 tokens), which must answer and stay healthy.
struct AdversarialBenchmark {
    let guided: String
    let live: Bool
    /// A child still running after this long is killed and reported.
    let timeout = 120.0

    struct Row {
        var adversarial: AdversarialCase
        var command: String
        var run: MeasuredRun
        var grammar: String?
    }

    func run() async {
        let directory = NSTemporaryDirectory() + "guided-adversarial-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        print("adversarial schemas — \(guided), one child process each, killed after \(Int(timeout)) s")
        print("| family | case | command | outcome | time | peak RSS |")
        print("|---|---|---|---|---|---|")
        var rows: [Row] = []
        var failures = 0
        for adversarial in AdversarialCase.all {
            let schema = directory + "/schema.json"
            try? adversarial.schema.write(toFile: schema, atomically: true, encoding: .utf8)
            var commands: [(String, [String])] = [("compile", ["compile", schema])]
            if let instance = adversarial.instance {
                let path = directory + "/instance.json"
                try? instance.write(toFile: path, atomically: true, encoding: .utf8)
                commands.append(("validate", ["validate", schema, path]))
            }
            for (command, arguments) in commands {
                let run = MeasuredRun.run(guided, arguments, outputIn: directory, timeout: timeout)
                let grammar =
                    command == "compile" && run.end == .exited(0)
                    ? try? String(contentsOfFile: run.stdoutPath, encoding: .utf8) : nil
                let row = Row(adversarial: adversarial, command: command, run: run, grammar: grammar)
                if !Self.isAcceptable(row) { failures += 1 }
                print(Self.line(row))
                rows.append(row)
            }
        }
        if live { failures += await feedLlamaServer(rows.filter { $0.grammar != nil }) }
        print(failures == 0 ? "every case ended as expected" : "\(failures) cases did not end as expected")
        exit(failures == 0 ? 0 : 1)
    }

    /// A grammar, a located error or (validate) a verdict, within the time limit, without a crash.
    static func isAcceptable(_ row: Row) -> Bool {
        switch row.run.end {
        case .exited(0): return true
        case .exited(1): return row.command == "validate"
        case .exited(2): return row.run.stderr.contains("(at #") || row.run.stderr.contains(".json:")
        default: return false
        }
    }

    static func line(_ row: Row) -> String {
        let outcome: String
        switch row.run.end {
        case .exited(0) where row.command == "compile":
            outcome = "grammar, \(Self.size(of: row.grammar ?? ""))"
        case .exited(0): outcome = "valid"
        case .exited(let status):
            // validate prints its violations on standard output, errors go to standard error.
            let printed =
                status == 1 ? (try? String(contentsOfFile: row.run.stdoutPath, encoding: .utf8)) ?? "" : row.run.stderr
            let first = printed.split(separator: "\n").first.map(String.init) ?? ""
            let message = first.replacingOccurrences(of: "^.*?schema\\.json:?", with: "", options: .regularExpression)
            outcome = (status == 1 ? "invalid: " : "error: ") + Self.cut(message.trimmingCharacters(in: .whitespaces))
        case .signalled(let signal): outcome = "**crash: signal \(signal)**"
        case .killedAfter(let seconds): outcome = "**still running after \(Int(seconds)) s: killed**"
        }
        return "| \(row.adversarial.family.rawValue) | \(row.adversarial.name) | \(row.command) | \(outcome) | "
            + String(format: "%.2f s | %.0f MB |", row.run.seconds, row.run.peakMegabytes)
    }

    static func size(of text: String) -> String {
        let bytes = text.utf8.count
        return bytes < 10_000 ? "\(bytes) B" : "\(bytes / 1000) kB"
    }

    static func cut(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "|", with: "\\|")
        return escaped.count <= 110 ? escaped : String(escaped.prefix(110)) + "…"
    }
}
