import Foundation

/// The smallest file a managed server accepts as a model, for tests whose server is a stand-in
/// script: a GGUF header (version 3) with no tensors and no metadata, so no chat template — a
/// base model, prompted with Guided's completion prompt.
public enum StandInModel {
    /// The file's bytes: `GGUF`, version 3, 0 tensors, 0 metadata entries.
    public static let bytes = Data("GGUF".utf8) + Data([3, 0, 0, 0]) + Data(count: 16)

    /// Writes the stand-in model to `path`.
    public static func write(to path: String) throws {
        try bytes.write(to: URL(fileURLWithPath: path))
    }
}
