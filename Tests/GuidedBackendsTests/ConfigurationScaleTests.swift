import Guided
import Synchronization
import Testing

/// How many times the backends' names were read.
final class NameReads: Sendable {
    private let count = Mutex(0)

    func record() { count.withLock { $0 += 1 } }
    var total: Int { count.withLock { $0 } }
}

/// A backend that counts every read of its name: the work of reading a configuration, in name
/// reads, not in seconds.
struct NameCountingBackend: LanguageModelBackend {
    let configuredName: String
    let reads: NameReads
    var name: String {
        reads.record()
        return configuredName
    }
    let kind = "counting"
    let capabilities = BackendCapabilities(
        grammar: false, jsonSchema: false, greedy: true, topK: false, topP: false,
        seed: false, streaming: false, tokenCounting: false)

    func availability() async -> BackendAvailability { .available }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        throw BackendError(.unavailable, backend: configuredName, "counts name reads only")
    }

    func streamResponse(to request: BackendRequest) -> AsyncThrowingStream<BackendStreamEvent, any Error> {
        AsyncThrowingStream { continuation in continuation.finish() }
    }

    func tokenCount(of text: String) async throws(BackendError) -> TokenCount { .exact(text.count) }
    func contextSize() async throws(BackendError) -> Int { 1 }
}

/// Issue 23: a configuration of 50,000 backends took a minute to load, every name checked
/// against every earlier one. Reading one is now linear in its backends.
@Suite struct ConfigurationScaleTests {
    @Test func readingAConfigurationReadsEachBackendsNameAFewTimesNotOncePerOtherBackend() throws {
        let reads = NameReads()
        var registry = BackendRegistry()
        registry.register(kind: "counting") { configuration throws(ConfigurationError) in
            NameCountingBackend(configuredName: configuration.name, reads: reads)
        }
        let count = 2_000
        let names = (0..<count).map { GeneratedContent("b\($0)") }
        let document = GeneratedContent(
            kind: .object([
                .init(
                    "backends",
                    GeneratedContent(
                        elements: names.map {
                            GeneratedContent(kind: .object([.init("name", $0), .init("kind", "counting")]))
                        })),
                .init("route", GeneratedContent(elements: names.reversed())),
                .init("routes", GeneratedContent(kind: .object([.init("Steps", GeneratedContent(elements: names))]))),
            ]))
        let configuration = try GuidedConfiguration.from(document, registry: registry)
        #expect(configuration.routedBackends.count == count)
        #expect(configuration.routedBackends.first?.name == "b\(count - 1)")
        // Quadratic reading was count * count / 2 = 2,000,000 reads; linear is a few per backend.
        #expect(reads.total <= 10 * count, "\(reads.total) name reads for \(count) backends")
    }

    /// The second probe: with 50,000 backends, `guided generate` looked each route name up with
    /// `backend(named:)`, a scan per name, and hung. The lookup of a whole route is one pass.
    @Test func lookingUpARouteOfEveryBackendReadsEachNameOnce() {
        let reads = NameReads()
        let count = 2_000
        let configuration = GuidedConfiguration(
            backends: (0..<count).map { NameCountingBackend(configuredName: "b\($0)", reads: reads) })
        let before = reads.total
        let found = configuration.backends(named: (0..<count).reversed().map { "b\($0)" } + ["missing"])
        #expect(found.count == count)
        #expect(reads.total - before <= 2 * count, "\(reads.total - before) name reads for \(count) names")
    }
}
