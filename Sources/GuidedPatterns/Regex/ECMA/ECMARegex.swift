/// A JSON Schema `pattern` in the whole of ECMA-262 (with the `u` flag's syntax): lookahead and
/// lookbehind, backreferences (numbered and named), word boundaries, Unicode property escapes,
/// on top of everything `RegexPattern` supports.
///
/// It runs a backtracking matcher with a budget of steps (`ECMARegex.defaultStepBudget`):
/// a pattern built to make backtracking explode gives "unknown" (nil) in bounded time, never
/// a hang. Use `RegexPattern` (linear time) where the pattern is in its subset.
package struct ECMARegex: Sendable {
    /// Steps one match may take before it gives up: a few milliseconds of work.
    public static let defaultStepBudget = 2_000_000

    /// The pattern text as given.
    public let source: String
    private let program: BacktrackingProgram

    /// Parses and compiles `source`; throws for invalid syntax (or a pattern whose counted
    /// repetitions expand beyond the matcher's size limit), naming the offset and a remedy.
    public init(_ source: String) throws(RegexSyntaxError) {
        let root = try RegexParser.parse(source, extended: true)
        guard let program = BacktrackingProgram.compile(root) else {
            throw RegexSyntaxError(
                offset: 0,
                message:
                    "counted repetitions expand to more than \(BacktrackingProgram.maximumOperations) matcher operations",
                remedy: "use smaller {m,n} bounds, fewer nested counted repetitions, or * / +")
        }
        self.source = source
        self.program = program
    }

    /// Whether the pattern matches somewhere in `string` (ECMA-262 search semantics); nil when
    /// the matcher ran out of its step budget before deciding.
    public func matches(_ string: String, stepBudget: Int = ECMARegex.defaultStepBudget) -> Bool? {
        var matcher = BacktrackingMatcher(
            input: string.unicodeScalars.map(\.value), program: program, budget: stepBudget)
        return matcher.search()
    }
}
