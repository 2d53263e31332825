import GuidedPatterns
import GuidedSchema

/// Spelling of GBNF literals and character classes over code points.
///
/// Only escapes that every llama.cpp version and XGrammar (vLLM's and SGLang's engine) read
/// alike are used: `\\ \" \] \n \r \t \uHHHH \UHHHHHHHH`; a class's `-` and `^` are written
/// `\u002D` and `\u005E`. Never `\xHH`: XGrammar reads every hex digit that follows it.
enum GBNFText {
    /// A string literal matching exactly `scalars`, e.g. `"a\\b"`.
    static func literal(_ scalars: [UInt32]) -> String {
        var text = "\""
        for scalar in scalars {
            switch scalar {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x0A: text += "\\n"
            case 0x0D: text += "\\r"
            case 0x09: text += "\\t"
            default: text += spelled(scalar)
            }
        }
        return text + "\""
    }

    /// A character class matching one code point of `set` (non-empty); negated when that is
    /// shorter, or as short and the set reaches U+10FFFF.
    static func characterClass(_ set: RegexScalarSet) -> String {
        let complement = set.inverted
        let preferNegated =
            complement.ranges.count < set.ranges.count
            || (complement.ranges.count == set.ranges.count && set.contains(RegexScalarSet.maximumCodePoint))
        if preferNegated {
            return "[^" + classBody(complement) + "]"
        }
        return "[" + classBody(set) + "]"
    }

    static func classBody(_ set: RegexScalarSet) -> String {
        var text = ""
        for range in set.ranges {
            text += classMember(range.lowerBound)
            if range.upperBound == range.lowerBound { continue }
            if range.upperBound > range.lowerBound + 1 { text += "-" }
            text += classMember(range.upperBound)
        }
        return text
    }

    static func classMember(_ scalar: UInt32) -> String {
        switch scalar {
        case 0x5C: return "\\\\"
        case 0x5D: return "\\]"
        // `\u`, not `\x`: XGrammar reads every hex digit after `\x`, so `\x2D0` would be U+02D0.
        case 0x2D: return "\\u002D"
        case 0x5E: return "\\u005E"
        default: return spelled(scalar)
        }
    }

    /// A GBNF sequence from pieces, merging adjacent literals.
    static func sequence(_ pieces: [Piece]) -> String {
        var items: [String] = []
        var pending: [UInt32] = []
        for piece in pieces {
            switch piece {
            case .literal(let scalars): pending += scalars
            case .item(let text):
                if !pending.isEmpty {
                    items.append(literal(pending))
                    pending = []
                }
                items.append(text)
            }
        }
        if !pending.isEmpty { items.append(literal(pending)) }
        return items.joined(separator: " ")
    }

    /// `true` if the pieces form one GBNF item (all literals, or one other item).
    static func isSingleItem(_ pieces: [Piece]) -> Bool {
        let items = pieces.filter { if case .item = $0 { return true } else { return false } }.count
        return items == 0 || (items == 1 && pieces.count == 1)
    }

    /// One element of a GBNF sequence.
    enum Piece {
        /// Literal text (merged with neighbouring literals).
        case literal([UInt32])
        /// Any other item, written as is.
        case item(String)

        /// `true` for literal text.
        var isLiteral: Bool {
            if case .literal = self { return true }
            return false
        }
    }

    /// Printable ASCII raw, other code points as fixed-width `\u` / `\U` escapes (never `\x`,
    /// whose digits XGrammar reads greedily, so an escape followed by a hex digit would change).
    static func spelled(_ scalar: UInt32) -> String {
        switch scalar {
        case 0x20...0x7E: return String(Character(Unicode.Scalar(scalar)!))
        case 0..<0x10000: return "\\u" + hex(scalar, digits: 4)
        default: return "\\U" + hex(scalar, digits: 8)
        }
    }

    /// Upper-case hexadecimal, zero-padded to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let alphabet = Array("0123456789ABCDEF")
        var text = ""
        var rest = value
        for _ in 0..<digits {
            text = String(alphabet[Int(rest & 0xF)]) + text
            rest >>= 4
        }
        return text
    }
}
