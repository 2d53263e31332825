public import GuidedBackends

/// Which engine serves an OpenAI-compatible URL, and so which request field carries Guided's
/// constraint. Every engine takes OpenAI's `response_format` JSON Schema; the serving engines
/// also take Guided's exact GBNF grammar, or a JSON Schema of their own, in a field of their own:
///
/// | dialect | constraint field | what is sent |
/// |---|---|---|
/// | ``openAI`` | `response_format` | strict JSON Schema (optional properties become nullable) |
/// | ``vLLM`` | `structured_outputs.grammar` | Guided's GBNF, read by XGrammar: the grammar llama-server gets |
/// | ``sgLang`` | `ebnf` | the same GBNF |
/// | ``llamaCpp`` | `grammar` | the same GBNF, read by llama.cpp itself: llama-server's `/v1` |
/// | ``tgi`` | `parameters.grammar` on `/generate_stream` | JSON Schema (`json`), or a regex for a patterned string |
///
/// A configuration names one (`"dialect": "vllm"`), or leaves `auto`, and the backend asks the
/// server once it answers: `owned_by` in `/models` (`vllm`, `sglang`, `llamacpp`), then TGI's `/info`, SGLang's `/server_info`,
/// vLLM's `/version`.
public struct OpenAICompatibleDialect: Hashable, Sendable, CustomStringConvertible {
    /// The configuration's name for the dialect.
    public let name: String

    private init(_ name: String) { self.name = name }

    /// A plain OpenAI-compatible server: `response_format` only.
    public static let openAI = OpenAICompatibleDialect("openai")
    /// vLLM 0.10.2 or later: `structured_outputs: {grammar}`.
    public static let vLLM = OpenAICompatibleDialect("vllm")
    /// SGLang: a top-level `ebnf`.
    public static let sgLang = OpenAICompatibleDialect("sglang")
    /// Hugging Face text-generation-inference: `/generate_stream` with `parameters.grammar`.
    public static let tgi = OpenAICompatibleDialect("tgi")
    /// llama.cpp's llama-server through its OpenAI-compatible `/v1`: a top-level `grammar`, so
    /// grounded decoding and restated quotations hold there as on its `/completion`.
    public static let llamaCpp = OpenAICompatibleDialect("llamacpp")

    /// Every dialect, in the order detection tries them.
    package static let all: [OpenAICompatibleDialect] = [.vLLM, .sgLang, .llamaCpp, .tgi, .openAI]

    /// The dialect a configuration names, or nil for an unknown name.
    public init?(named name: String) {
        guard let known = Self.all.first(where: { $0.name == name }) else { return nil }
        self = known
    }

    /// The name, as a configuration writes it.
    public var description: String { name }

    /// The request field Guided's constraint travels in.
    package var constraintField: String {
        switch name {
        case "vllm": "structured_outputs.grammar"
        case "sglang": "ebnf"
        case "llamacpp": "grammar"
        case "tgi": "parameters.grammar"
        default: "response_format"
        }
    }

    /// Whether the engine takes Guided's GBNF grammar itself (XGrammar reads it), so the
    /// lowering report is the grammar's, grounded decoding included.
    package var takesGrammar: Bool { self == .vLLM || self == .sgLang || self == .llamaCpp }

    /// What a backend speaking this dialect can do: the serving engines have top-k and a grammar
    /// or a schema of their own; a plain OpenAI server has neither top-k nor a grammar.
    public var capabilities: BackendCapabilities {
        BackendCapabilities(
            grammar: takesGrammar, jsonSchema: true, greedy: true, topK: self != .openAI, topP: true, seed: true,
            streaming: true, tokenCounting: false)
    }

    /// The engine setting that keeps JSON whitespace bounded when only JSON Schema reaches it,
    /// or nil where Guided's own grammar (which has none) is sent.
    package var whitespaceSetting: String? {
        switch name {
        case "vllm", "sglang", "llamacpp": nil
        case "tgi": "none: TGI's JSON grammar allows whitespace; the token cap bounds it"
        default:
            "on vLLM, --structured-outputs-config '{\"backend\":\"xgrammar\",\"disable_any_whitespace\":true}'; "
                + "elsewhere the token cap bounds it"
        }
    }
}
