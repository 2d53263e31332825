import GuidedSchema

/// Finds where a JSON Pointer's value sits in JSON text, so a schema problem found after parsing
/// can still be reported as `file:line:column`.
///
/// A pointer to an object member locates the member's key (`"minLength": 5` → the opening quote
/// of `"minLength"`); a pointer to an array element or the root locates the value. Lines and
/// columns are 1-based; columns count Unicode scalars, as ``JSONSyntaxError`` does.
package enum JSONSourceLocator {
    /// The 1-based line and column of `pointer` in `text`, or nil when the text has no such place
    /// (or is not JSON).
    public static func location(of pointer: JSONPointer, in text: String) -> (line: Int, column: Int)? {
        var scanner = Scanner(bytes: Array(text.utf8), target: pointer.tokens)
        guard (try? scanner.value(at: [])) != nil, let offset = scanner.found else { return nil }
        return lineAndColumn(of: offset, in: scanner.bytes)
    }

    /// The first member whose key repeats an earlier key of the same object, in well-formed JSON
    /// `bytes`: its offset (the key's opening quote) and pointer. json-c keeps only the last of
    /// duplicates, so without this a file's second `"type"` or `"backends"` silently won.
    static func firstDuplicateKey(in bytes: [UInt8]) -> (offset: Int, pointer: JSONPointer)? {
        var scanner = Scanner(bytes: bytes, target: nil)
        guard (try? scanner.value(at: [])) != nil, let duplicate = scanner.duplicate else { return nil }
        return (duplicate.offset, JSONPointer(tokens: duplicate.path))
    }

    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return (line, column)
    }

    /// A minimal JSON reader that walks the text once, remembering the target's offset.
    struct Scanner {
        struct Malformed: Error {}
        let bytes: [UInt8]
        /// The path to locate, or nil to look for duplicate keys only.
        let target: [String]?
        var position = 0
        var found: Int?
        /// The first repeated key met, when `target` is nil.
        var duplicate: (offset: Int, path: [String])?

        init(bytes: [UInt8], target: [String]?) {
            self.bytes = bytes
            self.target = target
        }

        mutating func value(at path: [String]) throws(Malformed) {
            skipWhitespace()
            if path == target, found == nil { found = position }
            guard position < bytes.count else { throw Malformed() }
            switch bytes[position] {
            case UInt8(ascii: "{"): try object(at: path)
            case UInt8(ascii: "["): try array(at: path)
            case UInt8(ascii: "\""): _ = try string()
            default:
                while position < bytes.count, !",]} \n\r\t".utf8.contains(bytes[position]) { position += 1 }
            }
        }

        mutating func object(at path: [String]) throws(Malformed) {
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return
            }
            var keys: Set<[UInt32]> = []
            while true {
                skipWhitespace()
                let keyStart = position
                let key = try string()
                if path + [key] == target, found == nil { found = keyStart }
                if target == nil, duplicate == nil,
                    !keys.insert(Self.codePoints(bytes[(keyStart + 1)..<(position - 1)])).inserted
                {
                    duplicate = (keyStart, path + [key])
                }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw Malformed() }
                position += 1
                try value(at: path + [key])
                skipWhitespace()
                guard position < bytes.count else { throw Malformed() }
                position += 1
                if bytes[position - 1] == UInt8(ascii: "}") { return }
                guard bytes[position - 1] == UInt8(ascii: ",") else { throw Malformed() }
            }
        }

        mutating func array(at path: [String]) throws(Malformed) {
            position += 1
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            }
            var index = 0
            while true {
                try value(at: path + [String(index)])
                index += 1
                skipWhitespace()
                guard position < bytes.count else { throw Malformed() }
                position += 1
                if bytes[position - 1] == UInt8(ascii: "]") { return }
                guard bytes[position - 1] == UInt8(ascii: ",") else { throw Malformed() }
            }
        }

        /// A string token, unescaped enough to compare keys (`\"`, `\\`, `\/`, `\uXXXX`).
        mutating func string() throws(Malformed) -> String {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Malformed() }
            position += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") {
                    flush()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    raw.append(byte)
                    continue
                }
                flush()
                guard position < bytes.count else { throw Malformed() }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
                    else {
                        throw Malformed()
                    }
                    position += 4
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                default: scalars.append(Unicode.Scalar(escape))
                }
            }
            throw Malformed()
        }

        /// A key's code points as json-c reads them, for telling keys apart: escapes decoded, a
        /// surrogate pair joined, a lone surrogate kept as itself, and no Unicode equivalence (`é`
        /// and `e` + U+0301 are two keys), where comparing `String`s would call them equal.
        static func codePoints(_ raw: ArraySlice<UInt8>) -> [UInt32] {
            var result: [UInt32] = []
            var plain: [UInt8] = []
            func flush() {
                result += String(decoding: plain, as: UTF8.self).unicodeScalars.map(\.value)
                plain.removeAll()
            }
            var index = raw.startIndex
            while index < raw.endIndex {
                let byte = raw[index]
                guard byte == UInt8(ascii: "\\"), index + 1 < raw.endIndex else {
                    plain.append(byte)
                    index += 1
                    continue
                }
                flush()
                let escape = raw[index + 1]
                index += 2
                guard escape == UInt8(ascii: "u"), index + 4 <= raw.endIndex,
                    let unit = UInt32(String(decoding: raw[index..<(index + 4)], as: UTF8.self), radix: 16)
                else {
                    let simple: [UInt8: UInt32] = [
                        UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D,
                        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
                    ]
                    result.append(simple[escape] ?? UInt32(escape))
                    continue
                }
                index += 4
                if let last = result.last, (0xD800...0xDBFF).contains(last), (0xDC00...0xDFFF).contains(unit) {
                    result[result.count - 1] = 0x10000 + ((last - 0xD800) << 10) + (unit - 0xDC00)
                } else {
                    result.append(unit)
                }
            }
            flush()
            return result
        }

        mutating func skipWhitespace() {
            while position < bytes.count, " \n\r\t".utf8.contains(bytes[position]) { position += 1 }
        }
    }
}
