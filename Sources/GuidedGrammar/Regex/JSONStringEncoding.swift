import GuidedPatterns
import GuidedSchema

/// The canonical JSON encoding of string characters, as GBNF.
///
/// Policy: every character of the decoded string appears in the JSON text as
/// - `\"` for `"` and `\\` for `\`;
/// - `/` raw or as `\/` (both are accepted);
/// - U+0008, U+0009, U+000A, U+000C, U+000D as `\b \t \n \f \r` only;
/// - the other controls U+0000–U+001F as `\u00XX` (hex digits in either case);
/// - everything else raw (UTF-8); `\uXXXX` escapes of other characters are rejected.
enum JSONStringEncoding {
    /// Scalars that never appear raw: controls, `"` and `\`.
    static let escapedOnly = RegexScalarSet([0x00...0x1F, 0x22...0x22, 0x5C...0x5C])
    /// Escape letters, by the scalar they encode.
    static let escapeLetters: [(scalar: UInt32, letter: UInt32)] = [
        (0x22, 0x22), (0x5C, 0x5C), (0x2F, 0x2F), (0x08, 0x62), (0x09, 0x74), (0x0A, 0x6E), (0x0C, 0x66), (0x0D, 0x72),
    ]
    /// Controls with a short escape.
    static let shortEscaped = RegexScalarSet(scalars: [0x08, 0x09, 0x0A, 0x0C, 0x0D])
    static let controls = RegexScalarSet([0x00...0x1F])

    /// GBNF alternatives matching the JSON text of one scalar of `set` (non-empty).
    /// Each alternative is a sequence; the first is the raw part when there is one.
    static func alternatives(for set: RegexScalarSet) -> [[GBNFText.Piece]] {
        var result: [[GBNFText.Piece]] = []
        let raw = set.subtracting(escapedOnly)
        if !raw.isEmpty {
            result.append([raw.singleElement.map { .literal([$0]) } ?? .item(GBNFText.characterClass(raw))])
        }
        let letters = escapeLetters.filter { set.contains($0.scalar) }.map(\.letter)
        let hexControls = set.intersection(controls).subtracting(shortEscaped)
        var tails: [[GBNFText.Piece]] = []
        if letters.count == 1 {
            tails.append([.literal(letters)])
        } else if letters.count > 1 {
            tails.append([.item(GBNFText.characterClass(RegexScalarSet(scalars: letters)))])
        }
        if !hexControls.isEmpty { tails.append(unicodeEscapeTail(hexControls)) }
        switch tails.count {
        case 0: break
        case 1: result.append([.literal([0x5C])] + tails[0])
        default:
            let choice = tails.map { GBNFText.sequence($0) }.joined(separator: " | ")
            result.append([.literal([0x5C]), .item("(" + choice + ")")])
        }
        return result
    }

    /// `"u00" ...` matching the hex digits (either case) of the given controls.
    static func unicodeEscapeTail(_ set: RegexScalarSet) -> [GBNFText.Piece] {
        var groups: [[GBNFText.Piece]] = []
        for high: UInt32 in 0...1 {
            var digits: [UInt32] = []
            for low: UInt32 in 0...15 where set.contains(high << 4 | low) {
                digits += low < 10 ? [0x30 + low] : [0x61 + low - 10, 0x41 + low - 10]
            }
            guard !digits.isEmpty else { continue }
            let lowPiece: GBNFText.Piece =
                digits.count == 1
                ? .literal(digits)
                : .item(GBNFText.characterClass(RegexScalarSet(scalars: digits)))
            groups.append([.literal([0x30 + high]), lowPiece])
        }
        let prefix: [GBNFText.Piece] = [.literal([0x75, 0x30, 0x30])]
        if groups.count == 1 { return prefix + groups[0] }
        return prefix + [.item("(" + groups.map { GBNFText.sequence($0) }.joined(separator: " | ") + ")")]
    }
}
