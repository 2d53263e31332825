import Foundation
import Guided
import GuidedHTTP
import GuidedLlamaServer
import GuidedManagedServer

/// A llama-server process for a live benchmark: the managed backend starts it (the model from
/// `scripts/setup-model`, under its memory limit) and a plain ``LlamaServerBackend`` talks to it,
/// so the benchmark routes through exactly what a configuration's `llama-server` entry builds.
struct LiveServer {
    let managed: ManagedLlamaServerBackend
    let baseURL: String

    /// Starts a server with `slots` parallel slots (`-np`) and `threads` threads; exits the
    /// benchmark loudly when the model runtime is missing.
    static func start(name: String, slots: Int, threads: Int) async -> LiveServer {
        var settings = ManagedLlamaServerBackend.Settings()
        settings.slots = slots
        settings.threads = threads
        let managed = ManagedLlamaServerBackend(name: name, settings: settings)
        let availability = await managed.availability()
        guard availability.isAvailable, let port = await managed.port else {
            FileHandle.standardError.write(
                Data("the live model is not available (\(availability)); run scripts/setup-model\n".utf8))
            exit(1)
        }
        return LiveServer(managed: managed, baseURL: "http://127.0.0.1:\(port)")
    }

    /// A backend for the server, named `name`.
    func backend(named name: String, client: HTTPClient) -> LlamaServerBackend {
        LlamaServerBackend(name: name, baseURL: baseURL, client: client)
    }

    func stop() async { await managed.shutdown() }
}
