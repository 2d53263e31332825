import Foundation
import Guided
import GuidedHTTP

/// `guided-bench throughput`: requests per second and tokens per second through the router at
/// concurrency 1, 2, 4 and 8, against one llama-server with 1 slot, one with 4 slots, and two
/// replicas (each its own llama-server process) behind a pool route. The requests are the live
/// soak's (the Senba flows on the quality corpus, one generation per attempt, no chaos). Each
/// server is started alone, warmed with two requests, measured, and stopped before the next.
/// Ratios are against concurrency 1 on the 1-slot server, from the same run.
struct ThroughputBenchmark {
    var requests = 24
    var levels = [1, 2, 4, 8]

    struct Row {
        var setup: String
        var concurrency: Int
        var seconds: Double
        var requests: Int
        var fromModel: Int
        var tokens: Int
        var timeouts: Int
    }

    func run() async -> Bool {
        print(
            "throughput — \(requests) requests per cell, the Senba flows (steps and notifications in turn), one generation per attempt"
        )
        var rows: [Row] = []
        rows += await measure(setup: "1 server, -np 1 --threads 2") {
            let server = await LiveServer.start(name: "one-slot", slots: 1, threads: 2)
            return ([server], server.backend(named: "local", client: HTTPClient()))
        }
        rows += await measure(setup: "1 server, -np 4 --threads 2") {
            let server = await LiveServer.start(name: "four-slots", slots: 4, threads: 2)
            return ([server], server.backend(named: "local", client: HTTPClient()))
        }
        rows += await measure(setup: "2 replicas (pool), each -np 4 --threads 1") {
            let first = await LiveServer.start(name: "replica-a", slots: 4, threads: 1)
            let second = await LiveServer.start(name: "replica-b", slots: 4, threads: 1)
            let client = HTTPClient()
            let pool = PoolBackend(
                name: "local",
                members: [
                    first.backend(named: "local/0", client: client),
                    second.backend(named: "local/1", client: client),
                ])
            return ([first, second], pool)
        }
        print(
            "\n| setup | concurrency | requests/s | tokens/s | × requests/s | × tokens/s | from the model | timeouts |")
        print("|---|---|---|---|---|---|---|---|")
        guard let base = rows.first else { return false }
        for row in rows {
            let rate = Double(row.requests) / row.seconds
            let tokens = Double(row.tokens) / row.seconds
            let numbers = String(
                format: "%d | %.2f | %.1f | %.2f | %.2f | %d/%d | %d", row.concurrency, rate, tokens,
                rate / (Double(base.requests) / base.seconds), tokens / (Double(base.tokens) / base.seconds),
                row.fromModel, row.requests, row.timeouts)
            print("| \(row.setup) | \(numbers) |")
        }
        return true
    }

    /// Starts a setup, warms it, runs each concurrency level, stops it.
    private func measure(setup: String, start: () async -> ([LiveServer], any LanguageModelBackend)) async -> [Row] {
        let (servers, backend) = await start()
        let metered = MeteredBackend(backend)
        let router = Router()
        guard let flows = try? SoakFlows(configuration: GuidedConfiguration(backends: [metered]), router: router) else {
            return []
        }
        for index in 0..<2 { _ = await flows.run(10_000 + index) }
        var rows: [Row] = []
        for concurrency in levels {
            let before = metered.totals
            let tally = SoakTally(every: .max)
            let started = ContinuousClock.now
            await Concurrently.run(requests, width: concurrency) { index in
                tally.start()
                let (kind, attempts) = await flows.run(index)
                tally.finish(outcome: kind, attempts: attempts, elapsed: .zero)
            }
            let seconds = (ContinuousClock.now - started).seconds
            let after = metered.totals
            let row = Row(
                setup: setup, concurrency: concurrency, seconds: seconds, requests: requests,
                fromModel: tally.outcomeCount { $0.contains("model via") },
                tokens: after.tokens - before.tokens,
                timeouts: tally.attemptCount { $0.hasSuffix("failed:timeout") })
            let numbers = String(
                format: "%.1f s, %.2f requests/s, %.1f tokens/s, %d from the model, %d timeouts", seconds,
                Double(row.requests) / seconds, Double(row.tokens) / seconds, row.fromModel, row.timeouts)
            print("  \(setup), concurrency \(concurrency): \(numbers)")
            print("    outcomes: " + tally.outcomeSummary)
            rows.append(row)
        }
        for server in servers { await server.stop() }
        return rows
    }
}
