public import GuidedBackends
import GuidedJSON
import GuidedSchema
import GuidedServerBackends
import Synchronization

extension OpenAICompatibleBackend {
    /// The dialect requests are written in: the configured one, else the detected one, else
    /// plain OpenAI until the server has answered.
    public var dialect: OpenAICompatibleDialect {
        configuredDialect ?? detectedDialect.withLock { $0 } ?? .openAI
    }

    /// What this backend can do in its ``dialect``.
    public var capabilities: BackendCapabilities { dialect.capabilities }

    /// The server's root: ``baseURL`` without its `/v1`.
    var serverRoot: String {
        baseURL.hasSuffix("/v1") ? String(baseURL.dropLast(3)) : baseURL
    }

    /// Detects the dialect once, after `/models` answered 200 with `models` (its JSON), unless
    /// one is configured. Asked in order, each with a short timeout, stopping at the first that
    /// answers as its engine:
    /// 1. `owned_by` of the first model in `/models`: `vllm`, `sglang` or `llamacpp`;
    /// 2. TGI's `/info`, whose `router` is `text-generation-router`;
    /// 3. SGLang's `/server_info` (older: `/get_server_info`), which lists `grammar_backend`;
    /// 4. vLLM's `/version`, which answers `{"version": …}` alone.
    /// Anything else is plain OpenAI.
    func detectDialect(models: GeneratedContent?, http: JSONOverHTTP) async {
        guard configuredDialect == nil, detectedDialect.withLock({ $0 }) == nil else { return }
        let found = await Self.detect(models: models, root: serverRoot, http: http)
        detectedDialect.withLock { $0 = found }
    }

    /// Detects the dialect before a request when nothing has yet: `/models`, then as
    /// ``detectDialect(models:http:)``; a server whose `/models` answers anything but 200 is
    /// plain OpenAI. One that does not answer at all leaves it unknown (asked again next time),
    /// and this request goes out as plain OpenAI.
    func detectBeforeFirstRequest(http: JSONOverHTTP) async {
        guard configuredDialect == nil, detectedDialect.withLock({ $0 }) == nil else { return }
        guard let reply = try? await http.send(baseURL + "/models", timeout: .seconds(3)) else { return }
        guard reply.status == 200 else {
            detectedDialect.withLock { $0 = $0 ?? .openAI }
            return
        }
        await detectDialect(models: reply.json, http: http)
    }

    static func detect(models: GeneratedContent?, root: String, http: JSONOverHTTP) async -> OpenAICompatibleDialect {
        switch models?["data"]?[0]?["owned_by"]?.stringValue {
        case "vllm": return .vLLM
        case "sglang": return .sgLang
        case "llamacpp": return .llamaCpp
        default: break
        }
        func probe(_ path: String) async -> GeneratedContent? {
            guard let reply = try? await http.send(root + path, timeout: .seconds(2)), reply.status == 200 else {
                return nil
            }
            return reply.json
        }
        if await probe("/info")?["router"]?.stringValue == "text-generation-router" { return .tgi }
        for path in ["/server_info", "/get_server_info"] where await probe(path)?["grammar_backend"] != nil {
            return .sgLang
        }
        if let version = await probe("/version"), version["version"]?.stringValue != nil,
            version.properties?.count == 1
        {
            return .vLLM
        }
        return .openAI
    }
}
