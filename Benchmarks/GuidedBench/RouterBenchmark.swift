import CanonicalSchemas
import Foundation
import Guided
import GuidedHTTP
import GuidedLlamaServer
import GuidedTestSupport

/// The router's own cost: per request against an in-process backend that answers at once, and
/// the time to a validated fallback when the first backend is down (connection refused), cold
/// and warm availability cache — against the same request sent to the dead port by a naive
/// client (a plain HTTP request, every time).
struct RouterBenchmark {
    let iterations: Int

    /// Answers instantly with a fixed valid output.
    final class InstantBackend: LanguageModelBackend {
        let name = "instant"
        let kind = "instant"
        let capabilities = BackendCapabilities(
            grammar: true, jsonSchema: true, greedy: true, topK: true, topP: true, seed: true, streaming: false,
            tokenCounting: false)
        static let output: GeneratedContent = [
            "steps": ["Find a pool near home", "Book a beginner lesson", "Practise floating"]
        ]
        func availability() async -> BackendAvailability { .available }
        func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
            BackendResponse(
                backend: name, content: Self.output, text: "", tokensGenerated: 1, promptTokens: 1,
                stopReason: .endOfSequence, milliseconds: 0, tokensPerSecond: nil)
        }
        func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
            AsyncThrowingStream { $0.finish() }
        }
        func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .exact(1) }
        func contextSize() async throws(BackendError) -> Int { 4096 }
    }

    func run() async {
        let request = BackendRequest(
            prompt: "Goal: learn to swim", schema: StepSuggestions.generationSchema, grounding: ["Goal: learn to swim"])
        let instant = InstantBackend()
        print("router benchmark — \(iterations) requests each, medians")

        // Baseline: calling the backend directly.
        let direct = await measure { _ = try? await instant.respond(to: request) }
        let routed = await measure { _ = await Router().route(request, through: [instant]) }
        let sharedRouter = Router()
        let warmRouted = await measure { _ = await sharedRouter.route(request, through: [instant]) }
        print(String(format: "  direct backend call            %9.1f µs", direct))
        print(
            String(
                format: "  routed, new router each time   %9.1f µs   overhead %.1f µs (target < 100 µs)", routed,
                routed - direct))
        print(
            String(
                format: "  routed, shared router          %9.1f µs   overhead %.1f µs", warmRouted, warmRouted - direct)
        )

        guard let dead = try? ReservedPort(.refuse) else { return print("  could not reserve a port") }
        let deadBackend = LlamaServerBackend(name: "dead", baseURL: dead.baseURL)
        let client = HTTPClient()
        let naive = await measure { _ = try? await client.send(HTTPRequest(url: dead.baseURL + "/completion")) }
        let cold = await measure { _ = await Router().route(request, through: [deadBackend]) }
        let warmRouter = Router(policy: RoutePolicy(availabilityTTL: .seconds(3600)))
        _ = await warmRouter.route(request, through: [deadBackend])
        let warm = await measure { _ = await warmRouter.route(request, through: [deadBackend]) }
        print(String(format: "  naive request to a dead port   %9.1f µs", naive))
        print(
            String(
                format: "  to fallback, cold cache        %9.1f µs   (target < 5,000 µs; %.2f× naive)", cold,
                cold / naive))
        print(
            String(
                format: "  to fallback, warm cache        %9.1f µs   (target < 50 µs; %.3f× naive)", warm, warm / naive)
        )
    }

    private func measure(_ body: () async -> Void) async -> Double {
        for _ in 0..<min(20, iterations) { await body() }
        var samples: [Double] = []
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            await body()
            let elapsed = ContinuousClock.now - start
            samples.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        }
        return samples.sorted()[samples.count / 2]
    }
}
