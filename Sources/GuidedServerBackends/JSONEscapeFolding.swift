/// Streamed JSON text with its needless escapes spelled out, so redaction sees a secret the model
/// wrote escaped (`\u0073\u006b…`, or `\/` inside Base64) before anyone decodes a partial snapshot.
///
/// `\uXXXX` for a printable character other than `"` and `\` becomes the character, and `\/`
/// becomes `/`; every other escape (`\"`, `\\`, `\n`, a control character, a surrogate half) stays
/// as written, so the text means the same JSON. An escape cut at the end of a piece is held back
/// until the next piece completes it.
package struct JSONEscapeFolding: Sendable {
    private var pending: [Unicode.Scalar] = []

    /// An empty stream.
    package init() {}

    /// The part of `piece` (after whatever was held back) that is ready, escapes folded.
    package mutating func append(_ piece: String) -> String {
        let scalars = pending + Array(piece.unicodeScalars)
        pending = []
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\" else {
                out.append(scalar)
                index += 1
                continue
            }
            guard index + 1 < scalars.count else {
                pending = Array(scalars[index...])
                break
            }
            let next = scalars[index + 1]
            if next != "u" {
                if next == "/" { out.append("/") } else { out.append(contentsOf: [scalar, next]) }
                index += 2
                continue
            }
            guard index + 6 <= scalars.count else {
                pending = Array(scalars[index...])
                break
            }
            let digits = scalars[(index + 2)..<(index + 6)]
            if let decoded = Self.printable(digits) {
                out.append(decoded)
            } else {
                out.append(contentsOf: scalars[index..<(index + 6)])
            }
            index += 6
        }
        return String(out)
    }

    /// The character four hex digits name, when spelling it out keeps the JSON's meaning.
    private static func printable(_ digits: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
        guard digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: digits)
        guard let value = UInt32(text, radix: 16), let scalar = Unicode.Scalar(value), value >= 0x20,
            !(0x7F...0x9F).contains(value), scalar != "\"", scalar != "\\"
        else { return nil }
        return scalar
    }
}
