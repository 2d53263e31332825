/// The byte-level checks JSON text must pass before json-c sees it: well-formed UTF-8 in the
/// strict sense of RFC 3629 (no overlong forms, no encoded surrogates U+D800–U+DFFF, nothing
/// above U+10FFFF, no stray continuation bytes), and no NUL byte anywhere.
///
/// Without them, json-c's own check lets some of these through and Swift's decoding would turn
/// them silently into U+FFFD; a NUL byte outside a string would end json-c's input early and
/// read as "unexpected end of data".
enum StrictUTF8 {
    /// The first problem: its byte offset and what is wrong, or nil when the text is clean.
    static func firstProblem(_ bytes: [UInt8]) -> (offset: Int, message: String)? {
        // A byte-order mark is refused by name, in every file Guided reads (json-c would call a
        // UTF-8 one "invalid utf-8 string"): RFC 8259 forbids writing one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (
                0,
                "the text starts with a UTF-8 byte-order mark (EF BB BF), which JSON text must not have; "
                    + "save the file as UTF-8 without a BOM"
            )
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return (
                0,
                "the text starts with a UTF-16 byte-order mark; JSON must be UTF-8: save the file as UTF-8 without a BOM"
            )
        }
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0 {
                    return (index, "a NUL byte (0x00) is not allowed in JSON text; is this a binary or UTF-16 file?")
                }
                index += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF:
                length = 2
                scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF:
                length = 3
                scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4:
                length = 4
                scalar = UInt32(lead & 0x07)
            case 0x80...0xBF: return (index, "invalid UTF-8: a continuation byte 0x\(hex(lead)) without a lead byte")
            case 0xC0, 0xC1: return (index, "invalid UTF-8: an overlong encoding (lead byte 0x\(hex(lead)))")
            default:
                return (
                    index, "invalid UTF-8: byte 0x\(hex(lead)) never appears in UTF-8 (code points end at U+10FFFF)"
                )
            }
            guard index + length <= count else { return (index, "invalid UTF-8: the text ends inside a character") }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else {
                    return (index, "invalid UTF-8: a character is cut short by byte 0x\(hex(byte))")
                }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if (length == 3 && scalar < 0x800) || (length == 4 && scalar < 0x10000) {
                return (index, "invalid UTF-8: an overlong encoding of U+\(hex(scalar))")
            }
            if (0xD800...0xDFFF).contains(scalar) {
                return (index, "invalid UTF-8: an encoded surrogate U+\(hex(scalar)) (surrogates are not characters)")
            }
            if scalar > 0x10FFFF {
                return (index, "invalid UTF-8: U+\(hex(scalar)) is above U+10FFFF, the last code point")
            }
            index += length
        }
        return nil
    }

    private static func hex<T: BinaryInteger>(_ value: T) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, (value > 0xFF ? 4 : 2) - digits.count)) + digits
    }
}
