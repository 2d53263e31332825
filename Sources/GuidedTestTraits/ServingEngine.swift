import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The real serving engine `scripts/test-engines` starts for the engine suites: vLLM on CPU
/// serving Gemma 3 270M, installed by `scripts/setup-vllm`.
///
/// Engine suites take `.enabled(if: ServingEngine.url != nil, ServingEngine.notStarted)`: the
/// plain `swift test` run lists them as skipped with that reason (the engine takes 6.7 GB and a
/// minute to start, so it is not started for every run), and `scripts/test-engines` runs them
/// against the engine it started, failing when fewer than all of them ran.
public enum ServingEngine {
    /// The engine's OpenAI-compatible base URL (ending in `/v1`), from `GUIDED_VLLM_URL`.
    public static var url: String? {
        guard let pointer = getenv("GUIDED_VLLM_URL") else { return nil }
        let text = String(cString: pointer)
        return text.isEmpty ? nil : text
    }

    /// The model name the engine serves (`--served-model-name` in `scripts/setup-vllm`).
    public static let model = "gemma-3-270m"

    /// Why an engine suite did not run.
    public static let notStarted: Comment =
        "runs under scripts/test-engines, against the vLLM it starts (GUIDED_VLLM_URL is not set)"
}
