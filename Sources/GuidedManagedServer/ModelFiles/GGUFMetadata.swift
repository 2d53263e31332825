/// The key/value metadata at the start of a GGUF model file (llama.cpp's format, versions 2
/// and 3, little-endian): the model's name, architecture, context length and chat template.
///
/// ```swift
/// let metadata = try GGUFMetadata.read(file: "/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf")
/// metadata.architecture    // "qwen2"
/// metadata.contextLength   // 32768
/// ```
///
/// Reading costs a small buffer, however large the file: the metadata is read through it, the
/// elements of arrays (a tokenizer's 150,000 tokens and its merges) are skipped after their
/// lengths are checked, and the tensors after the metadata are never read. A file that is not
/// GGUF, ends early or breaks the format gives a ``ModelFileError`` that names the byte offset.
package struct GGUFMetadata: Sendable, Equatable {
    /// The longest string read, in bytes: 16 MiB, far above any chat template.
    package static let maximumStringLength = 16 << 20
    /// The most string bytes (keys and values) kept in all: 64 MiB.
    package static let maximumKeptBytes = 64 << 20
    /// The most key/value pairs read: 1,000,000.
    package static let maximumKeyCount = 1_000_000
    /// The deepest nesting of arrays read: an array of arrays of arrays.
    package static let maximumArrayDepth = 3

    /// The format version: 2 or 3.
    package var version: Int
    /// How many tensors the file declares (their descriptions follow the metadata, unread).
    package var tensorCount: Int
    /// Every value by key; arrays as their element type and count.
    package var values: [String: GGUFValue]

    /// A file's metadata, as read.
    package init(version: Int, tensorCount: Int, values: [String: GGUFValue]) {
        self.version = version
        self.tensorCount = tensorCount
        self.values = values
    }

    /// The model's architecture (`general.architecture`), e.g. `qwen2`, `gemma3`, `llama`.
    package var architecture: String? { values["general.architecture"]?.stringValue }

    /// The model's name (`general.name`), when the file gives one.
    package var name: String? { values["general.name"]?.stringValue }

    /// The chat template (`tokenizer.chat_template`), a Jinja template; nil when absent.
    package var chatTemplate: String? { values["tokenizer.chat_template"]?.stringValue }

    /// The context length the model was trained for (`ARCHITECTURE.context_length`).
    package var contextLength: Int? {
        architecture.flatMap { values[$0 + ".context_length"]?.integerValue }
    }

    /// The metadata of the GGUF file at `path`.
    /// - Throws: ``ModelFileError`` with ``ModelFileError/Code/notGGUF``,
    ///   ``ModelFileError/Code/unsupportedVersion``, ``ModelFileError/Code/truncated``,
    ///   ``ModelFileError/Code/malformed`` (with the byte offset) or
    ///   ``ModelFileError/Code/unreadable``.
    package static func read(file path: String) throws(ModelFileError) -> GGUFMetadata {
        var reader = try GGUFReader(path: path)
        var parser = GGUFParser()
        return try parser.metadata(from: &reader)
    }
}
