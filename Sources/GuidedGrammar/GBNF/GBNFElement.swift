/// A set of Unicode scalar values: one GBNF terminal (`"a"`, `[a-z]`, `[^"\\]`, or `.`).
///
/// A literal string becomes one single-scalar set per character, a character class becomes one
/// set, and `.` becomes the set of every scalar.
struct GBNFCharSet: Sendable, Equatable, Hashable {
    /// Inclusive ranges of scalar values. A single character `c` is stored as `c...c`.
    var ranges: [ClosedRange<UInt32>]
    /// Whether the set is the complement of `ranges` (a `[^...]` class).
    var negated: Bool

    /// The set matched by `.`: every scalar.
    static let any = GBNFCharSet(ranges: [], negated: true)

    /// A set holding exactly `value`.
    static func single(_ value: UInt32) -> GBNFCharSet {
        GBNFCharSet(ranges: [value...value], negated: false)
    }

    /// Whether `value` is in the set.
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        var found = false
        for range in ranges where range.contains(value) {
            found = true
            break
        }
        return found != negated
    }

    /// Whether at least one valid Unicode scalar (not a surrogate, at most U+10FFFF) is in the set.
    var isSatisfiable: Bool {
        let valid: [ClosedRange<UInt32>] = [0...0xD7FF, 0xE000...0x10FFFF]
        if !negated {
            return ranges.contains { range in valid.contains { $0.overlaps(range) } }
        }
        // Complement: look for a valid scalar that no range covers.
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        for block in valid {
            var current = UInt64(block.lowerBound) // smallest scalar of `block` not known to be covered
            let end = UInt64(block.upperBound)
            for range in sorted {
                if UInt64(range.upperBound) < current { continue }
                if UInt64(range.lowerBound) > current { break }
                current = UInt64(range.upperBound) + 1
                if current > end { break }
            }
            if current <= end { return true }
        }
        return false
    }
}

/// A model-token reference: `<[id]>`, `<text>`, or either negated with a leading `!`.
///
/// Tokens only make sense against a model vocabulary. Like llama.cpp's character matcher
/// (`llama_grammar_accept_chr`), the text matcher treats them as matching no character at all.
struct GBNFTokenReference: Sendable, Equatable, Hashable {
    /// The numeric id for `<[id]>`, or `nil` for the textual form `<text>`.
    var id: UInt32?
    /// The raw text between `<` and `>` for the textual form (including the brackets).
    var text: String
    /// Whether the reference was written `!<...>` (any token except this one).
    var negated: Bool
}

/// One element of a rule body in the flat, llama.cpp-like encoding the parser produces.
///
/// A rule is a sequence of elements in which `.alternative` separates alternatives; there is no
/// explicit end marker (the end of the array ends the last alternative).
enum GBNFElement: Sendable, Equatable, Hashable {
    /// Matches one scalar from the set.
    case chars(GBNFCharSet)
    /// Matches whatever the rule with this id matches.
    case rule(Int)
    /// A model-token reference; matches no text.
    case token(GBNFTokenReference)
    /// Separates two alternatives (`|`).
    case alternative
}
