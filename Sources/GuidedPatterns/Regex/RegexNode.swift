/// A bracketed character class such as `[a-z_]` or `[^\d]`.
package struct RegexCharacterClass: Sendable, Hashable {
    /// `true` for `[^...]`.
    package var isNegated: Bool
    /// The union of the class's members as written (before negation).
    public var members: RegexScalarSet

    /// Creates a class from its members and negation flag.
    public init(members: RegexScalarSet, isNegated: Bool) {
        self.members = members
        self.isNegated = isNegated
    }

    /// The code points the class matches (negation applied).
    package var matchedScalars: RegexScalarSet {
        isNegated ? members.inverted : members
    }
}

/// The syntax tree of a pattern in the supported ECMA-262 subset.
///
/// Escapes are resolved at parse time: `\n` becomes `.literal("\n")`, and
/// `\d`, `\W`, ... become `.characterClass` values (a shorthand outside brackets
/// is a one-member class, negated for the upper-case forms).
/// Lazy quantifiers (`*?`, `{m,n}?`) are parsed as their greedy forms: laziness
/// changes which match is found, never whether one exists, so it affects
/// neither `RegexPattern.matches(_:)` nor grammar translation.
package indirect enum RegexNode: Sendable, Hashable {
    /// Matches the empty string (an empty alternative or pattern).
    case empty
    /// Matches one Unicode scalar.
    case literal(Unicode.Scalar)
    /// Matches one scalar of a class.
    case characterClass(RegexCharacterClass)
    /// `.`: any scalar except the line terminators `\n \r \u2028 \u2029`.
    case anyCharacter
    /// The children in order (at least two).
    case sequence([RegexNode])
    /// Any one of the children (at least two).
    case alternation([RegexNode])
    /// `( )` when `capturing`, `(?: )` otherwise; named groups `(?<name> )` are capturing.
    case group(RegexNode, capturing: Bool)
    /// `min` to `max` (nil = unbounded) repetitions of the child; `min <= max`.
    case repetition(RegexNode, min: Int, max: Int?)
    /// `^`: the start of the input (no multiline flag).
    case startAnchor
    /// `$`: the end of the input (no multiline flag).
    case endAnchor
    /// `(?= )`, `(?! )`, `(?<= )`, `(?<! )`: the child must (or, negated, must not) match just
    /// after (`ahead`) or just before the current position, consuming nothing. Outside the
    /// linear-time subset: only `ECMARegex` matches it.
    case lookaround(RegexNode, ahead: Bool, negated: Bool)
    /// `\1`, `\k<name>`: the text the numbered capturing group (1-based, in order of opening
    /// parentheses) last captured. Outside the linear-time subset.
    case backreference(Int)
    /// `\b` (or `\B`, negated): a position between a word character and a non-word character.
    /// Outside the linear-time subset.
    case wordBoundary(negated: Bool)
}
