/// Splits a byte stream into lines at `LF`, dropping a `CR` right before it (how streamed
/// SSE and NDJSON bodies become lines; public so the fuzz targets can drive it).
package struct LineSplitter: Sendable {
    private var pending: [UInt8] = []
    private let validatingUTF8: Bool
    private var lines = 0
    /// The 1-based number of the first line that is not valid UTF-8, when validating: that line
    /// is not emitted, and neither is anything after it.
    package private(set) var invalidLine: Int?

    /// Creates a splitter with nothing pending. `validatingUTF8` refuses a line that is not
    /// valid UTF-8 (see ``invalidLine``); without it, bad bytes become U+FFFD.
    public init(validatingUTF8: Bool = false) {
        self.validatingUTF8 = validatingUTF8
    }

    /// Feeds bytes, calling `emit` for each completed line.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (String) -> Void) {
        guard invalidLine == nil else { return }
        for byte in bytes {
            if byte == 0x0A {
                guard let line = decode(pending) else { return }
                emit(line)
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
            }
        }
    }

    /// The unterminated last line, if any bytes are left (and, when validating, it is UTF-8).
    public mutating func finish() -> String? {
        guard !pending.isEmpty, invalidLine == nil else { return nil }
        defer { pending.removeAll() }
        return decode(pending)
    }

    private mutating func decode(_ bytes: [UInt8]) -> String? {
        lines += 1
        let trimmed = bytes.last == 0x0D ? bytes.dropLast() : bytes[...]
        guard validatingUTF8 else { return String(decoding: trimmed, as: UTF8.self) }
        guard let line = String(validating: trimmed, as: UTF8.self) else {
            invalidLine = lines
            return nil
        }
        return line
    }
}
