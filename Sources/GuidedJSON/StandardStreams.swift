import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Standard input, output and error of a command-line tool, safe when one was closed at start
/// (`guided compile S >&-`).
///
/// A closed standard descriptor's number goes to the next file opened: the Swift runtime's own
/// event descriptor, a lock file, a grammar being written. Printing would then write into that
/// file. ``claim()`` runs first thing in `main` and remembers each standard descriptor that was
/// closed at start: one still free gets `/dev/null` opened the wrong way round (so any stray
/// read or write fails), and one the runtime already took (it opens with close-on-exec, which no
/// inherited standard descriptor has) is left to it. ``write(_:to:)`` then refuses every closed
/// one with "Bad file descriptor" — a failed write, exit 4 — instead of writing into whatever
/// holds its number.
public enum StandardStreams {
    private static let closedAtStart = Mutex<Set<Int32>>([])

    /// Finds and claims the standard descriptors that were closed at start; call first in `main`.
    public static func claim() {
        var closed: Set<Int32> = []
        for descriptor: Int32 in 0...2 {
            let flags = fcntl(descriptor, F_GETFD)
            if flags == -1 {
                closed.insert(descriptor)
                // open gives the lowest free number, which is this one: the lower ones are taken.
                let placeholder = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
                if placeholder >= 0 && placeholder != descriptor {
                    _ = dup2(placeholder, descriptor)
                    close(placeholder)
                }
            } else if flags & FD_CLOEXEC != 0 {
                closed.insert(descriptor)
            }
        }
        closedAtStart.withLock { $0 = closed }
    }

    /// Whether `descriptor` (0, 1 or 2) was closed when the tool started.
    public static func wasClosed(_ descriptor: Int32) -> Bool { closedAtStart.withLock { $0.contains(descriptor) } }

    /// Writes every byte of `bytes` to standard output (1) or error (2), continuing after a
    /// short write or an interruption; the error's text, or nil when all was written.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        guard !wasClosed(descriptor) else { return String(cString: strerror(EBADF)) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if written == 0 { return String(cString: strerror(EIO)) }
            offset += written
        }
        return nil
    }
}
