import GuidedJSON

#if canImport(Glibc)
    import Glibc
#endif

/// Lines read from a descriptor (standard input for `guided chat`), each at most `limit` bytes:
/// a line longer than that — `/dev/zero`, a pasted file without line breaks — ends the reading
/// with ``LineTooLong`` once the limit is passed, instead of filling memory as `readLine()` did
/// (2.1 GB in 3 s from `/dev/zero`).
struct BoundedLineReader {
    /// A line over the limit: the reading stops there.
    struct LineTooLong: Error, Sendable, Hashable {
        /// The limit, in bytes.
        var limit: Int
    }

    let descriptor: Int32
    let limit: Int
    private var pending: [UInt8] = []
    private var ended = false

    /// Lines from `descriptor`, at most `limit` bytes each (64 MiB, the limit of every read).
    init(descriptor: Int32 = 0, limit: Int = FileBytes.defaultLimit) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line without its line break (`\n` or `\r\n`); nil at the end of input. A last
    /// line without a line break is a line.
    mutating func next() throws(LineTooLong) -> String? {
        var searchedUpTo = 0
        while true {
            if let newline = pending[searchedUpTo...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = pending[..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                let text = String(decoding: line, as: UTF8.self)
                pending.removeSubrange(...newline)
                return text
            }
            guard pending.count <= limit else { throw LineTooLong(limit: limit) }
            searchedUpTo = pending.count
            if ended {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return String(decoding: pending, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                ended = true
            } else {
                pending.append(contentsOf: chunk[0..<count])
            }
        }
    }
}
