import Guided

/// `guided generate`: walks the configured route (or the one `--backend`), skipping unavailable
/// backends and moving on when one fails; prints the validated JSON on stdout and a one-line
/// trace on stderr.
enum GenerateCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        guard let schemaPath = arguments.value("--schema"), let prompt = arguments.value("--prompt") else {
            throw .usage("error: generate needs --schema SCHEMA and --prompt TEXT\n\n\(Usage.text)")
        }
        let schema = try SchemaLoading.load(schemaPath, arguments).schema
        let request = BackendRequest(prompt: prompt, instructions: arguments.value("--instructions"), schema: schema,
                                     options: try GenerationArguments.options(arguments))
        let configuration = try GenerationArguments.configuration(arguments)
        var backends = configuration.routedBackends
        if let name = arguments.value("--backend") {
            guard let chosen = configuration.backend(named: name) else {
                throw .usage("error: no backend named \(name); configured: \(configuration.backends.map(\.name).joined(separator: ", "))")
            }
            backends = [chosen]
        }
        var trace: [String] = []
        for backend in backends {
            let availability = await backend.availability()
            guard availability.isAvailable else {
                trace.append("\(backend.name): \(availability)")
                continue
            }
            do {
                let response = try await respond(backend, request, stream: arguments.flag("--stream"))
                Console.out(response.content.jsonText())
                trace.append("\(backend.name): ok, \(response.tokensGenerated.map(String.init) ?? "?") tokens, \(Int(response.milliseconds)) ms")
                Console.error("trace: " + trace.joined(separator: "; "))
                return
            } catch {
                trace.append("\(backend.name): \(error.code): \(error.message)")
            }
        }
        Console.error("trace: " + trace.joined(separator: "; "))
        throw CommandFailure(message: "error: no backend produced a valid output", exitCode: 3)
    }

    private static func respond(_ backend: any LanguageModelBackend, _ request: BackendRequest, stream: Bool) async throws(BackendError) -> BackendResponse {
        guard stream else { return try await backend.respond(to: request) }
        do {
            for try await event in backend.streamResponse(to: request) {
                switch event {
                case .partial(let text): Console.error("partial: \(text)")
                case .complete(let response): return response
                }
            }
        } catch let error as BackendError {
            throw error
        } catch {
            throw BackendError(.transport, backend: backend.name, "\(error)")
        }
        throw BackendError(.transport, backend: backend.name, "the stream ended without a response")
    }
}

/// `guided backends`: each configured backend's availability and reason.
enum BackendsCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        let configuration = try GenerationArguments.configuration(arguments)
        for backend in configuration.backends {
            let routed = configuration.route.contains(backend.name) ? "" : " (not routed)"
            Console.out("\(backend.name) [\(backend.kind)]\(routed): \(await backend.availability())")
        }
    }
}
