/// Compiles integer ranges into GBNF expressions that accept exactly the JSON spellings of
/// the integers in the range.
///
/// The expressions are used to constrain a model generating a JSON `integer` with
/// `minimum`/`maximum` bounds, so that it can only write a value inside those bounds.
///
/// ```swift
/// IntegerRangeGrammar.expression(minimum: 0, maximum: 255)
/// // ([0-9] | [1-9] [0-9] | "1" [0-9]{2} | "2" [0-4] [0-9] | "25" [0-5])
/// ```
package enum IntegerRangeGrammar {
    /// A GBNF expression matching exactly the canonical JSON spellings of the integers in
    /// `minimum...maximum`.
    ///
    /// Canonical means: no leading zeros, no `+` sign, no `-0`, no fraction and no exponent
    /// (so `0`, `-7`, `42` are spelled that way and `00`, `-0`, `+1`, `1.0`, `1e2` never match).
    ///
    /// The result is a list of alternatives separated by ` | `, each a sequence of quoted
    /// literals and digit classes (`[0-9]`, `[1-4]`) optionally followed by a repetition
    /// (`?`, `*`, `+`, `{n}`, `{m,}`, `{m,n}` with `m <= n`, counts never above 19). It is
    /// wrapped in parentheses when it has more than one alternative, so it can be embedded
    /// in a larger rule as is. Alternatives for negative numbers come first, then
    /// non-negative ones, each ordered by digit count and value. The output is deterministic.
    ///
    /// A `nil` bound leaves that side open, with no limit on the number of digits: JSON
    /// integers beyond the `Int64` range are still integers, so e.g. `minimum: 0, maximum: nil`
    /// also accepts `123456789012345678901234567890`. Both bounds `nil` accepts every JSON
    /// integer.
    ///
    /// - Parameters:
    ///   - minimum: The smallest accepted value (inclusive), or `nil` for no lower bound.
    ///   - maximum: The largest accepted value (inclusive), or `nil` for no upper bound.
    /// - Returns: The expression, or `nil` when the range is empty (`minimum > maximum`).
    public static func expression(minimum: Int64?, maximum: Int64?) -> String? {
        guard let alternatives = alternatives(minimum: minimum, maximum: maximum) else { return nil }
        let body = alternatives.map(\.gbnf).joined(separator: " | ")
        return alternatives.count > 1 ? "(" + body + ")" : body
    }

    /// The alternatives of ``expression(minimum:maximum:)``, or `nil` for an empty range.
    static func alternatives(minimum: Int64?, maximum: Int64?) -> [DigitSequence]? {
        if let minimum, let maximum, minimum > maximum { return nil }
        var result: [DigitSequence] = []

        // Negative values: the magnitudes |v| run from |maximum| (or 1) up to |minimum|.
        if minimum.map({ $0 < 0 }) ?? true {
            let smallestMagnitude: UInt64 = maximum.map { $0 < 0 ? $0.magnitude : 1 } ?? 1
            let largestMagnitude: UInt64? = minimum?.magnitude
            let sign = DigitSequence([.literal("-")])
            result += MagnitudeRanges.alternatives(from: smallestMagnitude, through: largestMagnitude)
                .map { sign + $0 }
        }

        // Non-negative values.
        if maximum.map({ $0 >= 0 }) ?? true {
            let smallest: UInt64 = minimum.map { $0 > 0 ? $0.magnitude : 0 } ?? 0
            let largest: UInt64? = maximum?.magnitude
            result += MagnitudeRanges.alternatives(from: smallest, through: largest)
        }
        return result
    }
}
