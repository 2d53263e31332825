import GuidedSchema

/// A model file that could not be read, is not what it claims to be, or is not the file the
/// catalogue expects.
///
/// A ``GuidedError``: a code, a message, a remedy and where it happened (the file; the message
/// names the byte offset when the error is about one place).
package struct ModelFileError: GuidedError, Equatable {
    /// What went wrong. New codes may be added.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        let name: String
        /// The code's stable name.
        package var description: String { name }
        /// The file does not start with the GGUF magic bytes.
        package static let notGGUF = Code(name: "notGGUF")
        /// The file is a GGUF file of a version (or byte order) this reader does not know.
        package static let unsupportedVersion = Code(name: "unsupportedVersion")
        /// The file ends before its metadata does.
        package static let truncated = Code(name: "truncated")
        /// The metadata breaks the format: an unknown type, an absurd count or length, a bad key.
        package static let malformed = Code(name: "malformed")
        /// The file cannot be opened or read.
        package static let unreadable = Code(name: "unreadable")
        /// The file's SHA-256 is not the one the catalogue lists for it.
        package static let checksumMismatch = Code(name: "checksumMismatch")
    }

    /// What went wrong.
    package var code: Code
    /// What happened, for people; names the byte offset when there is one.
    package var message: String
    /// The file.
    package var path: String
    /// The byte offset in the file the error is about, when it is about one place.
    package var offset: Int?

    /// An error of kind `code` about the file at `path`, at byte `offset` when given.
    package init(_ code: Code, path: String, offset: Int? = nil, _ message: String) {
        self.code = code
        self.path = path
        self.offset = offset
        self.message = message
    }

    /// The error for a model file whose SHA-256 is `actual` where the catalogue lists `expected`.
    package static func checksumMismatch(path: String, actual: String, expected: String) -> ModelFileError {
        ModelFileError(
            .checksumMismatch, path: path,
            "the model file \(path) has sha256 \(actual); the catalogue expects \(expected)")
    }

    /// The code's name, e.g. `truncated`.
    package var codeName: String { code.description }

    /// What to do, by code.
    package var remedy: String {
        switch code {
        case .notGGUF: "give the path of a GGUF model file (llama.cpp's format)"
        case .unsupportedVersion: "convert the model with a current llama.cpp, or download a current GGUF of it"
        case .truncated, .checksumMismatch: "delete the file and download it again"
        case .malformed: "download the model again, or from another source: this file is not valid GGUF"
        case .unreadable: "check that the file exists and that this user may read it"
        default: "see the message"
        }
    }

    /// The file.
    package var location: ErrorLocation { ErrorLocation(path) }
}
