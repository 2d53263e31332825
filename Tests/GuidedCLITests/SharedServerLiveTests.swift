import Foundation
import Guided
import GuidedHTTP
import GuidedManagedServer
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// One embedded server for many processes (`sharedIdleSeconds`): processes that start the
/// managed server with the same settings and cache share one llama-server, which outlives the
/// process that started it, serves the next, and stops once nobody has used it for the idle
/// time. On the real llama-server (`scripts/setup-model`): Gemma 3 270M where only the sharing
/// is looked at, the instruct default where a process must get an answer; in a cache folder of
/// the test's own.
@Suite(.serialized, .liveModel) struct SharedServerLiveTests {
    /// A cache folder of its own, with the installed binary and models named in its environment.
    static func environment() throws -> (cache: String, variables: [String: String]) {
        let installed = ManagedServerLocator()
        let binary = try #require(installed.serverBinary(configured: nil), "llama-server: run scripts/setup-model")
        let cache = NSTemporaryDirectory() + "guided-shared-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        return (
            cache,
            [
                "GUIDED_CACHE": cache, "GUIDED_LLAMA_SERVER": binary, "GUIDED_MODELS": installed.modelsDirectory,
                "HOME": NSHomeDirectory(), "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            ]
        )
    }

    /// The recorded server of `cache`: its `servers/*.json` and what it says.
    static func recorded(in cache: String) -> (port: Int, supervisor: Int32)? {
        let folder = cache + "/servers"
        guard
            let file = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.first(where: {
                $0.hasSuffix(".json")
            }),
            let data = FileManager.default.contents(atPath: folder + "/" + file),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let port = object["port"] as? Int, let supervisor = object["supervisor"] as? Int
        else { return nil }
        return (port, Int32(supervisor))
    }

    static func settings() -> ManagedLlamaServerBackend.Settings {
        var settings = ManagedLlamaServerBackend.Settings()
        settings.model = "gemma-3-270m"
        settings.adapters = [:]
        settings.sharedIdle = .seconds(2)
        return settings
    }

    @Test func twoBackendsWithTheSameSettingsShareOneServer() async throws {
        let (cache, variables) = try Self.environment()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let locator = ManagedServerLocator(environment: variables)
        let first = ManagedLlamaServerBackend(
            name: "embedded", settings: Self.settings(), locator: locator, client: HTTPClient())
        let second = ManagedLlamaServerBackend(
            name: "embedded", settings: Self.settings(), locator: locator, client: HTTPClient())
        #expect(await first.availability() == .available)
        #expect(await second.availability() == .available)
        let port = await first.port
        let secondPort = await second.port
        #expect(port != nil && port == secondPort, "one server, one port")
        let recorded = try #require(Self.recorded(in: cache))
        #expect(recorded.port == port)
        await first.shutdown()
        try await Task.sleep(for: .seconds(4))
        #expect(kill(recorded.supervisor, 0) == 0, "the second still holds a lease: the server runs")
        await second.shutdown()
        let gone = ContinuousClock.now + .seconds(20)
        while kill(recorded.supervisor, 0) == 0, ContinuousClock.now < gone {
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(kill(recorded.supervisor, 0) != 0, "nobody has used it for its idle time: it stopped")
        #expect(Self.recorded(in: cache) == nil, "and its record is gone")
    }

    @Test func aServerOutlivesTheProcessThatStartedItAndServesTheNext() throws {
        let (cache, variables) = try Self.environment()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // An idle time that starting the second `guided` fits in on a loaded machine: with 3 s, a
        // CI run saw the server stop between the two processes and the second start its own.
        let config = try GuidedCommandTests.temporaryFile(
            "shared.json",
            #"{"backends":[{"name":"embedded","kind":"managed-llama-server","adapters":{},"sharedIdleSeconds":15}]}"#
        )
        let guided = try #require(GuidedCommandTests.builtProduct("guided"))
        func respond() throws -> ExecutableRun {
            try ExecutableRun.run(
                guided, ["respond", "--prompt", "Say hello.", "--greedy", "--max-tokens", "4", "--config", config],
                directory: GuidedCommandTests.repository, environment: variables.mapValues { $0 })
        }
        let first = try respond()
        #expect(first.status == 0, "\(first.stderr)")
        let started = try #require(Self.recorded(in: cache), "the first process recorded its server")
        #expect(kill(started.supervisor, 0) == 0, "the server outlived the process that started it")
        let second = try respond()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.recorded(in: cache)?.supervisor == started.supervisor, "the second joined it, starting none")
        let gone = ContinuousClock.now + .seconds(40)
        while kill(started.supervisor, 0) == 0, ContinuousClock.now < gone { Thread.sleep(forTimeInterval: 0.2) }
        #expect(kill(started.supervisor, 0) != 0, "nobody has used it for its idle time: it stopped")
    }
}
