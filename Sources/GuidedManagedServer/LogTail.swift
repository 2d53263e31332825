import GuidedBackends

#if canImport(Glibc)
    import Glibc
#endif

/// The last lines of a log file, for error messages.
enum LogTail {
    /// The last `count` lines of the file at `path`, each with its control characters escaped
    /// (``TerminalText``), joined with ` | `; "" when it cannot be
    /// read. Only the last `window` bytes are read (a server that logged 300 MB before exiting
    /// cost 608 MB when the whole log was read for five lines), so a line longer than that
    /// comes cut at its start.
    static func lines(_ count: Int, of path: String, window: Int = 16 * 1024) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else { return "" }
        let start = max(0, end - off_t(window))
        var bytes = [UInt8](repeating: 0, count: Int(end - start))
        var filled = 0
        while filled < bytes.count {
            let read = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, $0.count - filled, start + off_t(filled))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            filled += read
        }
        let text = String(decoding: bytes[..<filled], as: UTF8.self)
        return text.split(separator: "\n").suffix(count).map { TerminalText.escaped(String($0)) }.joined(
            separator: " | ")
    }
}
