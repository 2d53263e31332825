import Foundation
import Synchronization

/// `guided-bench processes [--processes 1,4,16] [--requests M] [--slots S] [--guided PATH]`: many
/// `guided generate` processes on one embedded llama-server, as apps that each start the embedded
/// default share a machine. One server (the catalogue's default model, `-np S`, 2 threads) is
/// started here; for each N, N processes run at once, each M notification rewrites one after
/// another (`--grounding`, `--fallback`, `--json`, the configuration naming the server as a
/// `llama-server` backend with the default 60 s deadline and 8 s idle timeout). Every request is
/// read from outside: whether the model's words shipped, the typed reason of a fallback, its wall
/// time, and whether it was **lost**: no typed answer on stdout (a crash, a kill, garbage) or past
/// its deadline by more than a few seconds.
struct ProcessesBenchmark {
    var counts = [1, 4, 16]
    var requestsPerProcess = 2
    var slots = 1
    /// The release `guided` (`.build/release/guided` by default).
    var guided = DefaultPathFlows.repository + "/.build/release/guided"
    /// `--shared`: no server is started here; each process starts the embedded model itself as a
    /// `managed-llama-server` with `sharedIdleSeconds`, so the first starts it and the rest join.
    var shared = false

    /// The deadline the processes run under, and the grace past it that still counts as within it
    /// (a process's start and exit).
    static let deadlineSeconds = 60.0
    static let graceSeconds = 5.0

    /// The request's one fact (`--grounding` takes the facts themselves, one a line).
    static let fact = "Went for a 5 km run along the river on 12 March."

    /// One request's end.
    struct Outcome: Sendable {
        var source: String
        var reason: String?
        var seconds: Double
        var lost: Bool
    }

    func run() async {
        guard FileManager.default.isExecutableFile(atPath: guided) else {
            return fail("\(guided) is not built: swift build -c release --product guided")
        }
        let server = shared ? nil : await LiveServer.start(name: "shared", slots: slots, threads: 2)
        let folder = NSTemporaryDirectory() + "guided-processes-\(getpid())"
        let backend =
            server.map { #"{"name":"shared","kind":"llama-server","url":"\#($0.baseURL)","promptStyle":"chat"}"# }
            ?? #"{"name":"shared","kind":"managed-llama-server","slots":\#(slots),"sharedIdleSeconds":30}"#
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try #"{"backends":[\#(backend)],"route":["shared"]}"#
                .write(toFile: folder + "/guided.json", atomically: true, encoding: .utf8)
            try #"{"text":"You went for a run along the river."}"#
                .write(toFile: folder + "/fallback.json", atomically: true, encoding: .utf8)
        } catch {
            await server?.stop()
            return fail("cannot write the run's files in \(folder): \(error)")
        }
        print(
            "processes — N guided generate processes at once on one llama-server (-np \(slots), 2 threads, "
                + (server.map { "started here, \($0.baseURL)" }
                    ?? "the embedded model each process starts, shared: sharedIdleSeconds 30")
                + "), \(requestsPerProcess) notification rewrites each, one after another; deadline 60 s, idle timeout 8 s"
        )
        print(
            "processes  requests  model words  fallback (reasons)                      lost  past deadline  p50 s   p95 s   max s"
        )
        print(
            "(lost: no typed answer on stdout, or past the deadline by over \(Int(Self.graceSeconds)) s; past deadline: ended over \(Int(Self.graceSeconds)) s after it)"
        )
        for count in counts {
            let outcomes = runAll(count, folder: folder)
            report(count, outcomes)
            if shared { print("           llama-server processes running after it: \(Self.runningServers())") }
        }
        await server?.stop()
        print("(each request's output and error are in \(folder))")
    }

    /// `count` processes at once, each on a thread of its own (each waits on its child).
    private func runAll(_ count: Int, folder: String) -> [Outcome] {
        let results = Results()
        let group = DispatchGroup()
        for process in 0..<count {
            group.enter()
            Thread.detachNewThread {
                for request in 0..<requestsPerProcess {
                    let directory = folder + "/p\(process)-r\(request)"
                    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                    results.append(one(in: folder, outputIn: directory))
                }
                group.leave()
            }
        }
        group.wait()
        return results.all
    }

    /// How many `llama-server` processes run now (of any user).
    static func runningServers() -> Int {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { $0.allSatisfy(\.isNumber) }.filter { pid in
            let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return command.hasPrefix("llama-server")
        }.count
    }

    /// One `guided generate` request, killed if it outlives its deadline by far.
    private func one(in folder: String, outputIn directory: String) -> Outcome {
        let run = MeasuredRun.run(
            guided,
            [
                "generate", "--schema", DefaultPathFlows.repository + "/schemas/RewrittenNotification.json",
                "--prompt", "Back on 12 March you wrote: \"Went for a 5 km run along the river.\"",
                "--instructions", DefaultPathFlows.notificationInstructions,
                "--grounding", Self.fact, "--fallback", folder + "/fallback.json",
                "--config", folder + "/guided.json", "--json",
            ], outputIn: directory, timeout: Self.deadlineSeconds * 2)
        let text = (try? String(contentsOfFile: run.stdoutPath, encoding: .utf8)) ?? ""
        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
        let source = object?["source"] as? String
        let lost = source == nil || run.seconds > Self.deadlineSeconds + Self.graceSeconds
        return Outcome(
            source: source ?? "none", reason: object?["reason"] as? String, seconds: run.seconds, lost: lost)
    }

    private func report(_ count: Int, _ outcomes: [Outcome]) {
        let model = outcomes.filter { $0.source == "model" }.count
        var reasons: [String: Int] = [:]
        for outcome in outcomes where outcome.source != "model" { reasons[outcome.reason ?? "?", default: 0] += 1 }
        let fallbacks =
            "\(outcomes.count - model)"
            + (reasons.isEmpty
                ? ""
                : " (" + reasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                    + ")")
        let times = outcomes.map(\.seconds).sorted()
        print(
            String(format: "%9d  %8d  %11d  ", count, outcomes.count, model)
                + fallbacks.padding(toLength: 38, withPad: " ", startingAt: 0)
                + String(
                    format: "  %4d  %13d  %5.1f  %6.1f  %6.1f", outcomes.filter(\.lost).count,
                    outcomes.filter { $0.seconds > Self.deadlineSeconds + Self.graceSeconds }.count,
                    quantile(times, 0.5),
                    quantile(times, 0.95),
                    times.last ?? 0))
    }

    /// Outcomes appended from several threads.
    private final class Results: Sendable {
        private let outcomes = Mutex<[Outcome]>([])

        func append(_ outcome: Outcome) { outcomes.withLock { $0.append(outcome) } }
        var all: [Outcome] { outcomes.withLock { $0 } }
    }

    private func fail(_ message: String) {
        FileHandle.standardError.write(Data("guided-bench processes: \(message)\n".utf8))
        exit(1)
    }
}
