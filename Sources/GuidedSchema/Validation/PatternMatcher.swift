import GuidedPatterns

/// A `pattern` (or `patternProperties` key) ready to match strings: the linear-time subset
/// matcher where the pattern is in its subset, else the backtracking ECMA-262 matcher, whose
/// step budget bounds the time any string can take.
struct PatternMatcher {
    private let subset: RegexPattern?
    private let full: ECMARegex?

    /// Compiles `source`; nil when it is not a valid ECMA-262 pattern.
    init?(_ source: String) {
        if let subset = try? RegexPattern(source) {
            self.subset = subset
            self.full = nil
        } else if let full = try? ECMARegex(source) {
            self.subset = nil
            self.full = full
        } else {
            return nil
        }
    }

    /// Whether the pattern matches somewhere in `string` (ECMA-262 search semantics); nil when
    /// the backtracking matcher ran out of steps before deciding.
    func matches(_ string: String) -> Bool? {
        if let subset { return subset.matches(string) }
        return full!.matches(string)
    }
}
