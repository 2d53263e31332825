/// The ECMA-262 meanings of the class escapes and of `.`.
package enum RegexShorthand: Sendable, Hashable {
    /// `\d`: `[0-9]`.
    case digit
    /// `\w`: `[A-Za-z0-9_]`.
    case word
    /// `\s`: ECMA-262 WhiteSpace and LineTerminator code points.
    case space

    /// The code points the shorthand matches (its lower-case form).
    public var scalars: RegexScalarSet {
        switch self {
        case .digit: return RegexShorthand.digitSet
        case .word: return RegexShorthand.wordSet
        case .space: return RegexShorthand.spaceSet
        }
    }

    static let digitSet = RegexScalarSet([0x30...0x39])
    static let wordSet = RegexScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// TAB, LF, VT, FF, CR, SPACE, NBSP, OGHAM SPACE MARK, U+2000–U+200A,
    /// LS, PS, NNBSP, MMSP, IDEOGRAPHIC SPACE, BOM (ECMA-262 §22.2.2.9 / WhiteSpace + LineTerminator).
    static let spaceSet = RegexScalarSet([
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])

    /// The ECMA-262 line terminators `\n \r \u2028 \u2029`.
    package static let lineTerminators = RegexScalarSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])

    /// What `.` matches without the `s` flag: everything except the line terminators.
    package static let dotScalars = lineTerminators.inverted
}
