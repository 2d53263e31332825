import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writing to standard output and standard error. A write to standard output that fails (a full
/// disk, a closed pipe or descriptor) is remembered, so the command exits 4 instead of 0 with
/// output lost (``outputFailure``).
enum Console {
    private static let failure = Mutex<String?>(nil)

    /// Why standard output could not be written, if it could not.
    static var outputFailure: String? { failure.withLock { $0 } }

    static func out(_ text: String) { print(text + "\n") }

    /// `text` on standard output as it is, without a line break (a streamed answer's next part).
    static func print(_ text: String) {
        if let problem = writeAll(1, Array(text.utf8)) { failure.withLock { $0 = $0 ?? problem } }
    }

    static func error(_ text: String) { errorPart(text + "\n") }

    /// `text` on standard error as it is, without a line break (a streamed output's next part).
    static func errorPart(_ text: String) { _ = writeAll(2, Array(text.utf8)) }

    /// Writes every byte (a short write or an interruption continues); the error's text, or nil.
    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
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
