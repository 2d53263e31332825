/// Low-level reading of GBNF source text, mirroring llama.cpp's `parse_space`, `parse_name`,
/// `parse_int` and `parse_char` helpers, with positions reported as line and column.
struct GBNFScanner {
    /// The source as Unicode scalar values.
    let text: [UInt32]
    /// Offsets (in `text`) at which each line starts.
    private let lineStarts: [Int]
    /// The current offset in `text`.
    var position = 0

    init(_ source: String) {
        text = source.unicodeScalars.map(\.value)
        var starts = [0]
        var index = 0
        while index < text.count {
            let scalar = text[index]
            if scalar == 0x0A || (scalar == 0x0D && (index + 1 >= text.count || text[index + 1] != 0x0A)) {
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The scalar at `offset` positions ahead, or 0 past the end (llama.cpp reads a C string).
    @inline(__always)
    func peek(_ offset: Int = 0) -> UInt32 {
        let index = position + offset
        return index < text.count ? text[index] : 0
    }

    /// Whether the whole text has been consumed.
    var atEnd: Bool { position >= text.count }

    /// Whether the scalar at the current position is `character`.
    @inline(__always)
    func at(_ character: Unicode.Scalar) -> Bool { peek() == character.value }

    /// Converts an offset into a 1-based (line, column) pair.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// An error located at `offset` (default: the current position).
    func error(_ message: String, at offset: Int? = nil) -> GBNFParseError {
        let (line, column) = location(of: offset ?? position)
        return GBNFParseError(line: line, column: column, message: message)
    }

    /// A short, printable description of what is at the current position, for error messages.
    var found: String {
        if atEnd { return "end of input" }
        let scalar = peek()
        switch scalar {
        case 0x0A, 0x0D: return "end of line"
        default:
            let shown = Unicode.Scalar(scalar).map { String(Character($0)) } ?? "?"
            return "'\(shown)'"
        }
    }

    /// Skips spaces, tabs and `#` comments; also line breaks when `newlines` is true.
    mutating func skipSpace(newlines: Bool) {
        while true {
            let scalar = peek()
            if scalar == 0x20 || scalar == 0x09 || (newlines && (scalar == 0x0A || scalar == 0x0D)) {
                position += 1
            } else if scalar == 0x23 { // '#': comment to end of line
                while !atEnd && peek() != 0x0A && peek() != 0x0D { position += 1 }
            } else {
                return
            }
        }
    }

    /// Whether `scalar` may appear in a rule name: `[a-zA-Z0-9-]`.
    static func isWordScalar(_ scalar: UInt32) -> Bool {
        (0x61...0x7A).contains(scalar) || (0x41...0x5A).contains(scalar)
            || (0x30...0x39).contains(scalar) || scalar == 0x2D
    }

    /// Whether `scalar` is an ASCII digit.
    static func isDigit(_ scalar: UInt32) -> Bool { (0x30...0x39).contains(scalar) }

    /// Reads a rule name (`[a-zA-Z0-9-]+`).
    mutating func readName() throws(GBNFParseError) -> String {
        let start = position
        while Self.isWordScalar(peek()) { position += 1 }
        if position == start { throw error("expecting a rule name, found \(found)") }
        return String(String.UnicodeScalarView(text[start..<position].compactMap(Unicode.Scalar.init)))
    }

    /// Reads a decimal integer; throws if there is none or it does not fit in 64 bits.
    mutating func readInteger() throws(GBNFParseError) -> UInt64 {
        let start = position
        var value: UInt64 = 0
        var overflow = false
        while Self.isDigit(peek()) {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(peek() - 0x30))
            overflow = overflow || o1 || o2
            value = sum
            position += 1
        }
        if position == start { throw error("expecting an integer, found \(found)") }
        if overflow { throw error("integer out of range", at: start) }
        return value
    }

    /// Reads one (possibly escaped) character of a string literal or character class.
    ///
    /// Escapes: `\n \r \t \\ \" \[ \] \-`, `\xHH`, `\uHHHH`, `\UHHHHHHHH` (exactly that many hex
    /// digits, as in llama.cpp). `context` names the construct for the end-of-input message.
    mutating func readCharacter(in context: String, openedAt open: Int) throws(GBNFParseError) -> UInt32 {
        if atEnd { throw error("unterminated \(context)", at: open) }
        let scalar = peek()
        guard scalar == 0x5C else { // not a backslash
            position += 1
            return scalar
        }
        let escapeStart = position
        let kind = peek(1)
        position += 2
        switch kind {
        case 0x78: return try readHex(digits: 2, escape: "x", start: escapeStart)
        case 0x75: return try readHex(digits: 4, escape: "u", start: escapeStart)
        case 0x55: return try readHex(digits: 8, escape: "U", start: escapeStart)
        case 0x74: return 0x09
        case 0x72: return 0x0D
        case 0x6E: return 0x0A
        case 0x5C, 0x22, 0x5B, 0x5D, 0x2D: return kind
        default:
            if kind == 0 && escapeStart + 1 >= text.count {
                throw error("unterminated \(context)", at: open)
            }
            let shown = Unicode.Scalar(kind).map { String(Character($0)) } ?? "?"
            throw error("unknown escape sequence '\\\(shown)'", at: escapeStart)
        }
    }

    /// Reads exactly `digits` hex digits after an escape.
    private mutating func readHex(digits: Int, escape: String, start: Int) throws(GBNFParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            let scalar = peek()
            let digit: UInt32
            switch scalar {
            case 0x30...0x39: digit = scalar - 0x30
            case 0x61...0x66: digit = scalar - 0x61 + 10
            case 0x41...0x46: digit = scalar - 0x41 + 10
            default:
                throw error("expecting \(digits) hex digits after '\\\(escape)'", at: start)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
