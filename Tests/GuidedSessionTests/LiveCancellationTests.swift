import Guided
import GuidedHTTP
import GuidedJSON
import GuidedManagedServer
import GuidedTestTraits
import Testing

/// Cancellation reaches llama-server: the embedded model's slot stops processing promptly when
/// a response is cancelled or its stream dropped, measured live through `/slots`. Needs
/// `scripts/setup-model`; fails (never skips) without it.
///
/// After the cancellation `/slots` is read only every 1.5 s, which is the measurement's
/// resolution: frequent `/slots` requests were seen to delay llama-server's notice of a client
/// that went away. Measured 2026-11-30: the slot was free at the first read (1.52 s) after
/// cancelling `respond` and after dropping the stream.
///
/// "Promptly" is measured in the generation's own time, so other work on the machine (a
/// parallel test run) cannot fail it: the slot must be free within the read resolution plus 60
/// tokens at the pace the generation had before it was cancelled (at least 4 s). Left alone,
/// the story needs hundreds more tokens.
@Suite(.serialized, .liveModel) struct LiveCancellationTests {
    /// At least 1500 characters (enforced by the grammar): hundreds of tokens, many seconds of
    /// generation on 2 cores, so a cancellation lands mid-generation.
    struct Story: Generable {
        @Guide(description: "A long story about the sea", .minimumLength(1500))
        var text: String = ""
    }

    static let options = GenerationOptions(
        sampling: .random(top: 40, seed: 3), temperature: 1, maximumResponseTokens: 800)

    /// Whether any slot of the server on `port` is processing, from `/slots`.
    static func processing(_ client: HTTPClient, port: Int) async throws -> Bool {
        let response = try await client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/slots"))
        let slots = try #require(try JSONReader.parse(bytes: response.body).arrayValue)
        return slots.contains { $0["is_processing"]?.boolValue == true }
    }

    /// Polls `/slots` every `interval` until `processing` is `wanted`; the time it took, or nil after `limit`.
    static func waitForSlots(processing wanted: Bool, port: Int, every interval: Duration, limit: Duration) async throws
        -> Duration?
    {
        let client = HTTPClient()
        let started = ContinuousClock.now
        while ContinuousClock.now - started < limit {
            if try await processing(client, port: port) == wanted { return ContinuousClock.now - started }
            try await Task.sleep(for: interval)
        }
        return nil
    }

    /// The time per token of the generation in progress, from the tokens the processing slot has
    /// decoded (`/slots` `next_token.n_decoded`) since `start`; nil when the server does not say.
    static func pace(port: Int, since start: ContinuousClock.Instant) async throws -> Duration? {
        let response = try await HTTPClient().send(HTTPRequest(url: "http://127.0.0.1:\(port)/slots"))
        for slot in try JSONReader.parse(bytes: response.body).arrayValue ?? []
        where slot["is_processing"]?.boolValue == true {
            let next = slot["next_token"]
            if let decoded = (next?.arrayValue?.first ?? next)?["n_decoded"]?.intValue, decoded > 0 {
                return (ContinuousClock.now - start) / decoded
            }
        }
        return nil
    }

    /// How soon the slot must be free: the 1.5 s read resolution plus 60 tokens at `pace`, and
    /// never less than the 4 s measured on a quiet machine allows.
    static func promptBound(pace: Duration?) -> Duration {
        max(.seconds(4), .milliseconds(1500) + (pace ?? .zero) * 60)
    }

    static func startedBackend() async throws -> (ManagedLlamaServerBackend, Int) {
        let backend = ManagedLlamaServerBackend(name: "embedded")
        let availability = await backend.availability()
        try #require(
            availability.isAvailable, "the embedded model did not start (\(availability)): run scripts/setup-model")
        return (backend, try #require(await backend.port))
    }

    @Test func cancellingRespondFreesTheSlotPromptly() async throws {
        let (backend, port) = try await Self.startedBackend()
        defer { Task { await backend.shutdown() } }
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        let responding = Task {
            try await session.respond(to: "Tell a story about the sea.", generating: Story.self, options: Self.options)
        }
        guard
            try await Self.waitForSlots(processing: true, port: port, every: .milliseconds(200), limit: .seconds(60))
                != nil
        else {
            responding.cancel()
            Issue.record("the generation never started: \(await responding.result)")
            return
        }
        let generating = ContinuousClock.now
        try await Task.sleep(for: .seconds(2))
        try #require(
            try await Self.processing(HTTPClient(), port: port), "the generation ended before it could be cancelled")
        let bound = Self.promptBound(pace: try await Self.pace(port: port, since: generating))
        responding.cancel()
        let freed = try await Self.waitForSlots(
            processing: false, port: port, every: .milliseconds(1500), limit: .seconds(60))
        print("live: slot free \(freed.map { "\($0)" } ?? "not within 60 s") after cancelling respond (bound \(bound))")
        #expect(freed != nil && freed! < bound)
        await #expect(throws: GenerationError.self) { try await responding.value }
    }

    @Test func droppingTheStreamFreesTheSlotPromptly() async throws {
        let (backend, port) = try await Self.startedBackend()
        defer { Task { await backend.shutdown() } }
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [backend]))
        var partials = 0
        var firstPartial: ContinuousClock.Instant?
        var bound = Self.promptBound(pace: nil)
        for try await snapshot in session.streamResponse(
            to: GenerationRequest<Story>("Tell a story about the sea.", options: Self.options))
        {
            if case .partial = snapshot { partials += 1 }
            if partials == 1 && firstPartial == nil { firstPartial = ContinuousClock.now }
            if partials == 10 {
                // The pace so far: at most one token per snapshot, so this errs long.
                bound = Self.promptBound(pace: (ContinuousClock.now - firstPartial!) / 9)
                break
            }
        }
        try #require(partials == 10)
        let freed = try await Self.waitForSlots(
            processing: false, port: port, every: .milliseconds(1500), limit: .seconds(60))
        print(
            "live: slot free \(freed.map { "\($0)" } ?? "not within 60 s") after dropping the stream (bound \(bound))")
        #expect(freed != nil && freed! < bound)
    }
}
