import Guided
import GuidedJSON
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writing to standard output and standard error. A write to standard output that fails (a full
/// disk, a closed pipe or descriptor) is remembered, so the command exits 4 instead of 0 with
/// output lost (``outputFailure``).
///
/// Nothing reaches the terminal raw: every write escapes control characters other than line
/// feed and tab (``TerminalText``), so no server, model or file can send an escape sequence, a
/// carriage return or a NUL through it. A line built from such text that must stay one line (a
/// `trace:` line, an error, a streamed partial on stderr) escapes that text fully with ``line(_:)``,
/// so a line break inside it cannot start a forged line.
enum Console {
    private static let failure = Mutex<String?>(nil)

    /// Why standard output could not be written, if it could not.
    static var outputFailure: String? { failure.withLock { $0 } }

    static func out(_ text: String) { print(text + "\n") }

    /// `text` on standard output without a line break (a streamed answer's next part), its
    /// control characters other than line feed and tab escaped.
    static func print(_ text: String) {
        let safe = TerminalText.escaped(text, keepingLineBreaks: true)
        if let problem = StandardStreams.write(Array(safe.utf8), to: 1) { failure.withLock { $0 = $0 ?? problem } }
    }

    static func error(_ text: String) { errorPart(text + "\n") }

    /// `text` on standard error without a line break (a streamed output's next part), its
    /// control characters other than line feed and tab escaped.
    static func errorPart(_ text: String) {
        _ = StandardStreams.write(Array(TerminalText.escaped(text, keepingLineBreaks: true).utf8), to: 2)
    }

    /// `text` made one line: every control character escaped, line breaks too. For text from a
    /// server, a model or a file placed in a line of the command's own (trace, error, reason).
    static func line(_ text: String) -> String { TerminalText.escaped(text) }

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
