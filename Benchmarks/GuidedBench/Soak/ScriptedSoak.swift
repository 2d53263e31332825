import CanonicalSchemas
import Foundation
import Guided

/// `guided-bench soak --scripted-only`: the router's own leaks. Requests through one shared
/// router against an in-process ``ScriptedBackend`` (no server, so only the router, the deadline
/// race, streaming and the checks allocate), `concurrency` at a time. Request `i` plays script
/// line `i % 10` (the hanging line only once in 1,000 requests); even requests have a spare
/// backend after the scripted one, odd ones only the fallback; the lines that stream take the
/// streaming path every other time; one request in 500 is cancelled by its caller. Resident
/// memory, descriptors and threads are printed every `every` requests.
struct ScriptedSoak {
    var requests = 100_000
    var concurrency = 8
    var every = 10_000

    func run() async -> Bool {
        let scripted = ScriptedBackend()
        let spare = SpareBackend(output: ScriptedBackend.valid)
        // A short deadline so the hanging line costs little; a short availability TTL so an
        // attempt's transport failure does not take the scripted backend out of later requests.
        let router = Router(policy: RoutePolicy(deadline: .seconds(1), availabilityTTL: .zero))
        print(
            "scripted soak — \(requests) requests, concurrency \(concurrency), one router, script lines: "
                + ScriptedBackend.Line.allCases.map { "\($0)" }.joined(separator: ", "))
        let tally = SoakTally(every: every)
        tally.checkpoint(0)
        await Concurrently.run(requests, width: concurrency) { index in
            await Self.request(
                index, router: router, route: index % 2 == 0 ? [scripted, spare] : [scripted], tally: tally)
        }
        tally.checkpoint(tally.finished)
        tally.report()
        let lost = tally.lost
        print(lost == 0 ? "scripted soak: 0 lost requests" : "scripted soak: \(lost) LOST requests")
        return lost == 0
    }

    static let validators = ValidatorChain([BlockedPhraseValidator(phrases: ["unlock"])])
    static let ignoreProgress: @Sendable (RouteProgress) -> Void = { _ in }
    static let streamingLines: Set<ScriptedBackend.Line> = [.streamed, .streamCut, .valid]

    /// Request `index` through `route`, counted in `tally`.
    static func request(_ index: Int, router: Router, route: [any LanguageModelBackend], tally: SoakTally) async {
        tally.start()
        let line = Self.line(index)
        let request = BackendRequest(
            prompt: "\(line.rawValue) Rewrite: parcel delayed to Friday", schema: RewrittenNotification.generationSchema
        )
        let streamed = streamingLines.contains(line) && index % 20 < 10
        let progress: (@Sendable (RouteProgress) -> Void)? = streamed ? ignoreProgress : nil
        let started = ContinuousClock.now
        let work = Task<Router.Result, Never> {
            await router.route(request, through: route, validators: validators, progress: progress)
        }
        if index % 500 == 499 {
            await Task.yield()
            work.cancel()
        }
        let result = await work.value
        tally.finish(outcome: kind(result), attempts: result.attempts, elapsed: ContinuousClock.now - started)
    }

    /// Line `i % 10`, except that only one request in 1,000 hangs (each costs the deadline).
    static func line(_ index: Int) -> ScriptedBackend.Line {
        let line = ScriptedBackend.Line.allCases[index % ScriptedBackend.Line.allCases.count]
        return line == .hang && index % 1000 != 9 ? .valid : line
    }

    static func kind(_ result: Router.Result) -> String {
        switch result {
        case .success(_, let response, _): "value from \(response.backend)"
        case .failure(let reason, _): "reason: \(reason.code.rawValue)"
        }
    }
}
