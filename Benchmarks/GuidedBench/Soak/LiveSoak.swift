import Foundation
import Guided
import GuidedHTTP
import GuidedLlamaServer
import GuidedTestSupport

/// `guided-bench soak --live`: issue 12's live soak. Requests through the router to a live
/// llama-server with 4 parallel slots, `concurrency` at a time, both canonical types through the
/// Senba flows, with a chaos backend first in the route that fails one request in five (each a
/// real fault on the wire from a loopback ``ChaosServer``, the faults taken in turn). Every
/// request must come back with a value or a typed reason; resident memory, descriptors and
/// threads are printed every `every` requests.
struct LiveSoak {
    var requests = 2000
    var concurrency = 8
    var every = 200
    var slots = 4
    /// When set, no request starts after this many minutes (a time-boxed run).
    var minutes: Double?

    /// The faults the chaos backend plays: every fault that fails a request (those a healthy
    /// client gets through, the 50 MB body and the one-byte-a-second answer left out: the last
    /// two would only measure their own cost).
    static let faults: [ChaosFault] = [
        .refuse, .hang, .serverError, .rateLimited, .grammarError, .malformedJSON, .wrongShape,
        .cutStream, .stopLimit, .schemaViolation,
    ]

    func run() async -> Bool {
        let server = await LiveServer.start(name: "soak", slots: slots, threads: 2)
        let live = server.backend(named: "live", client: HTTPClient())
        let chaosClient = HTTPClient()
        var chaosServers: [ChaosServer] = []
        for fault in Self.faults {
            guard
                let chaos = try? ChaosServer(
                    .llamaServer, fault: fault, valid: #"{"text":"Your parcel arrives on Friday."}"#,
                    recordsRequests: false)
            else {
                print("the chaos server for \(fault) did not start")
                return false
            }
            chaosServers.append(chaos)
        }
        let faulty = chaosServers.map { LlamaServerBackend(name: "chaos", baseURL: $0.baseURL, client: chaosClient) }
        let relay = ChaosRelay(name: "chaos", live: live, faulty: faulty, failEvery: 5)
        let router = Router()
        let flows: SoakFlows
        do {
            flows = try SoakFlows(configuration: GuidedConfiguration(backends: [relay, live]), router: router)
        } catch {
            print("soak: \(error)")
            return false
        }
        print(
            "live soak — \(requests) requests, concurrency \(concurrency), llama-server -np \(slots) --threads 2 (\(server.baseURL)),"
        )
        print(
            "route [chaos, live]: chaos fails 1 request in 5 (\(Self.faults.map(\.description).joined(separator: ", ")), in turn)"
        )
        let tally = SoakTally(every: every, verbose: true)
        tally.checkpoint(0)
        let deadline = minutes.map { ContinuousClock.now + .seconds($0 * 60) }
        let ran = await Concurrently.run(requests, width: concurrency, until: deadline) { index in
            tally.start()
            let started = ContinuousClock.now
            let (kind, attempts) = await flows.run(index)
            tally.finish(outcome: kind, attempts: attempts, elapsed: ContinuousClock.now - started)
        }
        tally.checkpoint(tally.finished)
        if ran < requests { print("time box of \(minutes ?? 0) minutes reached: \(ran) of \(requests) requests ran") }
        tally.report()
        for chaos in chaosServers { chaos.stop() }
        await server.stop()
        let lost = tally.lost
        print(lost == 0 ? "live soak: 0 lost requests" : "live soak: \(lost) LOST requests")
        return lost == 0
    }
}
