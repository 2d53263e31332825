/// Splits a byte stream into lines at `LF`, dropping a `CR` right before it (how streamed
/// SSE and NDJSON bodies become lines; public so the fuzz targets can drive it).
public struct LineSplitter: Sendable {
    private var pending: [UInt8] = []

    /// Creates a splitter with nothing pending.
    public init() {}

    /// Feeds bytes, calling `emit` for each completed line.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (String) -> Void) {
        for byte in bytes {
            if byte == 0x0A {
                emit(Self.decode(pending))
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
    }

    /// The unterminated last line, if any bytes are left.
    public mutating func finish() -> String? {
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll() }
        return Self.decode(pending)
    }

    private static func decode(_ bytes: [UInt8]) -> String {
        let trimmed = bytes.last == 0x0D ? bytes.dropLast() : bytes[...]
        return String(decoding: trimmed, as: UTF8.self)
    }
}
