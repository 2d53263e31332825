import Foundation
import Guided
import Synchronization

/// What a soak counts, safe to update from every request at once: requests started and
/// finished, each finished request's outcome by kind, every attempt's outcome by backend, and
/// the slowest request. A checkpoint line (memory, descriptors, threads) every `every` requests.
final class SoakTally: Sendable {
    private struct State {
        var started = 0
        var finished = 0
        var untyped = 0
        var outcomes: [String: Int] = [:]
        var attempts: [String: Int] = [:]
        var slowest: Duration = .zero
        var checkpoints: [Checkpoint] = []
    }

    /// Resources at one point of the run.
    struct Checkpoint: Sendable {
        var finished: Int
        var elapsed: Duration
        var residentKilobytes: Int
        var resources: ProcessResources
    }

    private let state = Mutex(State())
    let every: Int
    let begun = ContinuousClock.now

    /// Whether each checkpoint also prints the outcomes so far (a run stopped early keeps them).
    let verbose: Bool

    init(every: Int, verbose: Bool = false) {
        self.every = every
        self.verbose = verbose
    }

    func start() { state.withLock { $0.started += 1 } }

    /// Records a finished request: `outcome` names its kind (`nil`: it came back with neither a
    /// value nor a typed reason, which counts as lost), `attempts` its attempts' codes.
    func finish(outcome: String?, attempts: [Attempt], elapsed: Duration) {
        let count = state.withLock { state -> Int in
            state.finished += 1
            if let outcome { state.outcomes[outcome, default: 0] += 1 } else { state.untyped += 1 }
            for attempt in attempts { state.attempts["\(attempt.backend) \(attempt.outcomeCode)", default: 0] += 1 }
            state.slowest = max(state.slowest, elapsed)
            return state.finished
        }
        if count % every == 0 { checkpoint(count) }
    }

    /// Prints and keeps the process's resources now.
    func checkpoint(_ finished: Int) {
        let point = Checkpoint(
            finished: finished, elapsed: ContinuousClock.now - begun,
            residentKilobytes: ProcessResources.residentKilobytes(),
            resources: ProcessResources.now())
        let outcomes = state.withLock { state in
            state.checkpoints.append(point)
            return state.outcomes
        }
        let line = String(
            format: "  %7d requests  %7.1f s  resident %7.1f MiB  ", finished, point.elapsed.seconds,
            Double(point.residentKilobytes) / 1024)
        print(line + point.resources.description)
        if verbose, !outcomes.isEmpty {
            print(
                "           so far: "
                    + outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: "; "))
        }
    }

    /// Requests that never came back (started, not finished) plus those without a typed outcome.
    var lost: Int { state.withLock { $0.started - $0.finished + $0.untyped } }
    var finished: Int { state.withLock { $0.finished } }
    var slowest: Duration { state.withLock { $0.slowest } }
    var checkpoints: [Checkpoint] { state.withLock { $0.checkpoints } }

    /// Every outcome kind with its count, then every attempt outcome, on one line.
    var outcomeSummary: String {
        state.withLock { state in
            (state.outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
                + state.attempts.sorted { $0.key < $1.key }.map { "\($0.value) attempts \($0.key)" })
                .joined(separator: "; ")
        }
    }

    /// Finished requests whose outcome kind matches.
    func outcomeCount(where matches: (String) -> Bool) -> Int {
        state.withLock { $0.outcomes.filter { matches($0.key) }.values.reduce(0, +) }
    }

    /// Attempts (`backend outcome`) that match.
    func attemptCount(where matches: (String) -> Bool) -> Int {
        state.withLock { $0.attempts.filter { matches($0.key) }.values.reduce(0, +) }
    }

    /// The summary: outcomes by kind, attempts by backend and outcome, lost requests, and the
    /// resident memory and descriptors from the first checkpoint (after warm-up) to the last.
    func report() {
        let snapshot = state.withLock { $0 }
        print("outcomes (\(snapshot.finished) finished of \(snapshot.started) started):")
        for (kind, count) in snapshot.outcomes.sorted(by: { $0.value > $1.value }) { print("  \(count)\t\(kind)") }
        print("attempts by backend and outcome:")
        for (kind, count) in snapshot.attempts.sorted(by: { $0.key < $1.key }) { print("  \(count)\t\(kind)") }
        print(
            "lost requests: \(lost) (never returned: \(snapshot.started - snapshot.finished), no value and no typed reason: \(snapshot.untyped))"
        )
        let elapsed = (ContinuousClock.now - begun).seconds
        print(
            String(
                format: "elapsed %.1f s, %.3f requests/s; slowest request %.2f s", elapsed,
                Double(snapshot.finished) / elapsed, snapshot.slowest.seconds))
        guard let first = snapshot.checkpoints.first, let last = snapshot.checkpoints.last else { return }
        let peak = snapshot.checkpoints.map(\.residentKilobytes).max() ?? 0
        print(
            String(
                format:
                    "resident memory: %.1f MiB at the first checkpoint, %.1f MiB at the last (%+.1f MiB), peak %.1f MiB",
                Double(first.residentKilobytes) / 1024, Double(last.residentKilobytes) / 1024,
                Double(last.residentKilobytes - first.residentKilobytes) / 1024, Double(peak) / 1024))
        print(
            "descriptors: \(first.resources.descriptors) → \(last.resources.descriptors); threads: \(first.resources.threads) → \(last.resources.threads)"
        )
    }
}

extension ProcessResources {
    /// The process's resident set (`VmRSS` in /proc/self/status), in KiB.
    static func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? -1
    }
}

extension Duration {
    /// In seconds, as a fraction.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
