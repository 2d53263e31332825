/// Integer literals too long for 64 bits, kept exact through json-c.
///
/// json-c clamps an integer literal beyond 64 bits to `INT64_MIN`, `INT64_MAX` or `UINT64_MAX`
/// without a word, so `123456789012345678901234567890` would read as `18446744073709551615`.
/// json-c keeps the original text of *floating-point* literals, so before parsing, every
/// integer literal of 19 digits or more gets the neutral exponent `E+0` appended; after parsing,
/// the exponent is removed from those literals again, and the number keeps its exact text.
enum LongIntegerLiterals {
    /// The exponent appended to long integer literals.
    static let marker: [UInt8] = Array("E+0".utf8)
    /// Literals with at least this many digits are protected (19 digits may not fit an `Int64`).
    static let protectedDigits = 19

    /// `bytes` with the marker after every long integer literal outside strings, and the offsets
    /// (in the rewritten bytes) where markers were inserted; nil when there is none.
    static func protect(_ bytes: [UInt8]) -> (bytes: [UInt8], insertions: [Int])? {
        var inString = false
        var escaped = false
        var index = 0
        var output: [UInt8] = []
        var insertions: [Int] = []
        var copiedUpTo = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "-") || isDigit(byte) else {
                index += 1
                continue
            }
            // A number token: the longest run of number characters.
            let start = index
            var digits = 0
            var integral = true
            while index < bytes.count, isNumberCharacter(bytes[index]) {
                if isDigit(bytes[index]) {
                    digits += 1
                } else if bytes[index] != UInt8(ascii: "-") || index > start {
                    integral = false
                }
                index += 1
            }
            if integral && digits >= protectedDigits {
                output += bytes[copiedUpTo..<index]
                insertions.append(output.count)
                output += marker
                copiedUpTo = index
            }
        }
        guard !insertions.isEmpty else { return nil }
        output += bytes[copiedUpTo...]
        return (output, insertions)
    }

    /// The offset in the original bytes for an offset in the rewritten ones.
    static func originalOffset(_ offset: Int, insertions: [Int]) -> Int {
        var shift = 0
        for insertion in insertions where insertion < offset {
            shift += min(marker.count, offset - insertion)
        }
        return offset - shift
    }

    /// The literal text json-c kept, without the marker this type added.
    static func restore(_ text: String) -> String {
        guard text.hasSuffix("E+0") else { return text }
        let literal = text.dropLast(marker.count)
        // Only integer literals were protected: anything else was written this way.
        let digits = literal.utf8.drop { $0 == UInt8(ascii: "-") }
        return digits.count >= protectedDigits && digits.allSatisfy(isDigit) ? String(literal) : text
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isNumberCharacter(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
}
