import GuidedBackends
import GuidedSchema

/// The sampling part of a server request body — temperature, the sampling mode and the seed —
/// written once for every HTTP backend, so a mode means the same on each server.
///
/// | request | llama.cpp's names (llama-server, Ollama) | OpenAI's names |
/// |---|---|---|
/// | a temperature | `temperature` | `temperature` |
/// | greedy | `top_k: 1`, and `temperature: 0` unless one is given | `temperature: 0` unless one is given |
/// | top-k | `top_k` (and `top_p: 1` with ``switchesOffUnusedSampler``) | refused: ``BackendError/Code/unsupportedOption`` |
/// | top-p | `top_p` (and `top_k: 0` with ``switchesOffUnusedSampler``) | `top_p` |
/// | a seed | `seed`, written as the exact integer | `seed` |
///
/// The token limit and the repetition penalty stay with each backend: their fields differ in
/// name and meaning from server to server (`n_predict` and DRY, `num_predict` and
/// `repeat_penalty`, `max_tokens` and `frequency_penalty`).
package struct SamplingFields: Sendable, Hashable {
    /// Whether the API has a `top_k` field. Without one, greedy sampling is `temperature: 0`
    /// alone and a top-k request is refused rather than sampled another way.
    package var hasTopK: Bool
    /// Whether the sampler a mode does not use is switched off (`top_p: 1` for top-k, `top_k: 0`
    /// for top-p), so that the server's defaults for it cannot narrow the mode asked for.
    package var switchesOffUnusedSampler: Bool

    /// Creates a field set for an API.
    package init(hasTopK: Bool, switchesOffUnusedSampler: Bool) {
        self.hasTopK = hasTopK
        self.switchesOffUnusedSampler = switchesOffUnusedSampler
    }

    /// llama-server's `/completion`: top-k, with the unused sampler switched off (its defaults
    /// are top-k 40 and top-p 0.95).
    package static let llamaServer = SamplingFields(hasTopK: true, switchesOffUnusedSampler: true)
    /// Ollama's `options`: top-k; the unused sampler keeps Ollama's default.
    package static let ollama = SamplingFields(hasTopK: true, switchesOffUnusedSampler: false)
    /// OpenAI-compatible `/chat/completions`: no top-k.
    package static let openAI = SamplingFields(hasTopK: false, switchesOffUnusedSampler: false)

    /// The fields for `options`: the temperature, then the sampling mode's fields, then the seed.
    /// - Throws: ``BackendError/Code/unsupportedOption`` for top-k sampling when the API has no
    ///   `top_k` (``hasTopK``), naming `backend`.
    package func fields(for options: GenerationOptions, backend: String) throws(BackendError) -> [(
        String, GeneratedContent
    )] {
        var fields: [(String, GeneratedContent)] = []
        if let temperature = options.temperature { fields.append(("temperature", GeneratedContent(temperature))) }
        guard let sampling = options.sampling else { return fields }
        switch sampling.kind {
        case .greedy:
            if hasTopK { fields.append(("top_k", 1)) }
            if options.temperature == nil { fields.append(("temperature", 0)) }
        case .randomTopK(let k, _):
            guard hasTopK else {
                throw BackendError(
                    .unsupportedOption, backend: backend,
                    "this API cannot express top-k sampling; use greedy or top-p")
            }
            fields.append(("top_k", GeneratedContent(k)))
            if switchesOffUnusedSampler { fields.append(("top_p", 1.0)) }
        case .randomProbabilityThreshold(let p, _):
            if hasTopK && switchesOffUnusedSampler { fields.append(("top_k", 0)) }
            fields.append(("top_p", GeneratedContent(p)))
        }
        if let seed = sampling.seed {
            fields.append(("seed", GeneratedContent(kind: .number(JSONNumber(text: String(seed))!))))
        }
        return fields
    }
}
