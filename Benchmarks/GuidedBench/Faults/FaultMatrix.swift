import CanonicalSchemas
import Foundation
import Guided
import GuidedHTTP
import GuidedJSON
import GuidedTestSupport

/// `guided-bench faults`: issue 12's fault matrix. Every ``ChaosFault`` × backend kind × {whole,
/// streamed} goes through the router twice, with a fallback registered: once with a healthy
/// next backend after the chaos one (expect the next backend's output, the chaos attempt carrying
/// a typed reason), once alone (expect no output and a typed fallback reason). Each cell must end
/// within the deadline; afterwards descriptors, threads and child processes must be back to
/// where they were. A planted API key (in `apiKeyEnv`, and as the URL password) must appear in
/// no output: everything printed here is what the test greps. Exit 1 on any broken promise.
struct FaultMatrix {
    /// Short timeouts keep the run under a minute; the defaults are exercised by their own tests.
    static let timeoutSeconds = 3.0
    static let idleTimeoutSeconds = 2.0
    static let deadline: Duration = .seconds(10)
    static let valid = #"{"text":"Your parcel arrives on Friday."}"#
    static let plantedKey = "sk-planted-\(UInt64.random(in: 1...UInt64.max))-KEY"
    static let keyVariable = "GUIDED_FAULTS_KEY"
    /// Faults a healthy client gets through: the chaos backend itself serves.
    static let served: Set<ChaosFault> = [.splitEveryByte, .escapedKeyEcho]

    var problems: [String] = []

    mutating func run(kinds: [ChaosDialect] = ChaosDialect.allCases, faults: [ChaosFault] = ChaosFault.allCases) async
        -> Bool
    {
        setenv(Self.keyVariable, Self.plantedKey, 1)
        await warmUp()
        let before = ProcessResources.now()
        print(
            "fault matrix — next backend after the chaos one; alone: with only the fallback (deadline \(Self.deadline), timeout \(Self.timeoutSeconds) s, idle \(Self.idleTimeoutSeconds) s)"
        )
        print("| fault | " + kinds.map(\.description).joined(separator: " | ") + " |")
        print("|---|" + kinds.map { _ in "---" }.joined(separator: "|") + "|")
        for fault in faults {
            var cells: [String] = []
            for kind in kinds {
                var modes: [String] = []
                for streaming in [false, true] {
                    modes.append(await cell(kind, fault, streaming: streaming))
                }
                cells.append(modes.joined(separator: "; "))
            }
            print("| \(fault) | " + cells.joined(separator: " | ") + " |")
        }
        let after = await ProcessResources.settle(to: before)
        print("resources: before \(before); after \(after)")
        if !after.isWithin(before) { problems.append("leaked: before \(before), after \(after)") }
        for problem in problems { print("PROBLEM: \(problem)") }
        print(
            problems.isEmpty ? "fault matrix: every cell kept its promise" : "fault matrix: \(problems.count) problems")
        return problems.isEmpty
    }

    /// One warm-up request so lazily created process-wide state (libcurl's globals, the
    /// cooperative pool's threads) is in the baseline.
    func warmUp() async {
        guard let chaos = try? ChaosServer(.llamaServer, fault: .splitEveryByte, valid: Self.valid) else { return }
        _ = await outcome(chaos, streaming: true, alone: false)
        chaos.stop()
    }

    mutating func cell(_ kind: ChaosDialect, _ fault: ChaosFault, streaming: Bool) async -> String {
        let mode = streaming ? "stream" : "whole"
        guard
            let chaos = try? ChaosServer(
                kind, fault: fault, valid: Self.valid, invalid: #"{"text":42}"#,
                rejected: #"{"text":"Tap to unlock your parcel now."}"#, secret: Self.plantedKey)
        else {
            problems.append("\(kind) \(fault): the chaos server did not start")
            return "\(mode): no server"
        }
        defer { chaos.stop() }
        let withNext = await outcome(chaos, streaming: streaming, alone: false)
        let alone = await outcome(chaos, streaming: streaming, alone: true)
        for run in [withNext, alone] {
            // Escaped as guided prints it: a hostile server's message stays on its one line.
            for line in run.log { print("  \(kind) \(fault) \(mode): \(TerminalText.escaped(line))") }
            if run.elapsed > Self.deadline + .seconds(1) {
                problems.append("\(kind) \(fault) \(mode): took \(run.elapsed)")
            }
        }
        let expectServed = Self.served.contains(fault) || (fault == .loadingThenRecover)
        if Self.served.contains(fault) {
            if withNext.servedBy != "chaos" {
                problems.append("\(kind) \(fault) \(mode): not served by the chaos backend")
            }
        } else if fault != .loadingThenRecover {
            if withNext.servedBy != "spare" {
                problems.append(
                    "\(kind) \(fault) \(mode): the next backend did not serve (\(withNext.servedBy ?? "none"))")
            }
            if alone.servedBy != nil || alone.fallback == nil {
                problems.append("\(kind) \(fault) \(mode): alone, no typed fallback reason")
            }
        } else if alone.servedBy != "chaos" {
            problems.append("\(kind) \(fault) \(mode): did not recover")
        }
        _ = expectServed
        let first = withNext.chaosOutcome ?? "not tried"
        let then = withNext.servedBy.map { $0 == "chaos" ? "served" : "→ \($0)" } ?? "→ fallback"
        let lone = alone.servedBy == "chaos" ? "served" : "fallback(\(alone.fallback ?? "?"))"
        return "\(mode): \(first) \(then); alone \(lone)"
    }

    struct Run {
        var servedBy: String?
        var fallback: String?
        var chaosOutcome: String?
        var elapsed: Duration
        var log: [String]
    }

    func outcome(_ chaos: ChaosServer, streaming: Bool, alone: Bool) async -> Run {
        let password = chaos.dialect == .openAI ? "" : "reader:\(Self.plantedKey)@"
        let url = chaos.baseURL.replacing("http://", with: "http://" + password)
        let model = chaos.dialect == .llamaServer ? "" : #","model":"m""#
        let key = chaos.dialect == .openAI ? #","apiKeyEnv":"\#(Self.keyVariable)""# : ""
        let text =
            #"{"backends":[{"name":"chaos","kind":"\#(chaos.dialect)","url":"\#(url)"\#(model)\#(key),"timeoutSeconds":\#(Self.timeoutSeconds),"idleTimeoutSeconds":\#(Self.idleTimeoutSeconds)}]}"#
        let backend: any LanguageModelBackend
        do {
            let client = HTTPClient()
            backend = try GuidedConfiguration.from(try JSONReader.parse(text), registry: .standard(client: client))
                .backends[0]
        } catch {
            return Run(
                servedBy: nil, fallback: "configuration: \(error)", chaosOutcome: nil, elapsed: .zero, log: ["\(error)"]
            )
        }
        let spare = SpareBackend(output: try! JSONReader.parse(Self.valid))
        let request = BackendRequest(
            prompt: "Rewrite: parcel delayed to Friday", schema: RewrittenNotification.generationSchema,
            options: GenerationOptions(maximumResponseTokens: 200))
        let partials = PartialLog()
        let started = ContinuousClock.now
        let routed = await Self.route(
            request, through: alone ? [backend] : [backend, spare], streaming: streaming, partials: partials)
        let elapsed = ContinuousClock.now - started
        var log = routed.attempts.map(\.detail) + partials.lines.map { "partial: \($0)" }
        if let fallback = routed.fallback { log.append("fallback: \(fallback)") }
        if let value = routed.value { log.append("value: \(value)") }
        return Run(
            servedBy: routed.servedBy, fallback: routed.fallbackCode,
            chaosOutcome: routed.attempts.first { $0.backend == "chaos" }?.code,
            elapsed: elapsed, log: log)
    }
}
