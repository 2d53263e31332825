#if canImport(Glibc)
    import Glibc
#endif

/// Writing to standard output and standard error.
enum Console {
    static func out(_ text: String) {
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    /// `text` on standard output as it is, without a line break (a streamed answer's next part).
    static func print(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    static func error(_ text: String) {
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// Why a command stopped, and the process exit code that says so.
struct CommandFailure: Error {
    let message: String
    let exitCode: Int32

    /// A bad schema, bad arguments or an unreadable file.
    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: 2) }
    /// The instance is invalid (the violations have been printed).
    static let invalid = CommandFailure(message: "", exitCode: 1)
}
