/// A JSON Schema `pattern` in the linear-time subset of ECMA-262 that grammars can enforce.
/// (`ECMARegex` matches the whole language by backtracking, with a step budget.)
///
/// Supported: literals; escapes `\\ \/ \- \n \r \t \f \v \0 \xHH \uHHHH`
/// (surrogate pairs combine) `\u{H...}` `\cX`, and `\` before any syntax character;
/// classes `[...]` with ranges and negation (`[\b]` is backspace); shorthands
/// `\d \D \w \W \s \S` with their ECMA-262 meanings; Unicode property escapes
/// `\p{…} \P{…}` (General_Category values and binary properties Swift knows; not
/// scripts); `.` (anything except
/// `\n \r \u2028 \u2029`); groups `( )`, `(?: )`, `(?<name> )`; quantifiers
/// `* + ? {m} {m,} {m,n}` (lazy `?` suffix accepted, treated as greedy:
/// it cannot change whether a match exists); alternation; anchors `^ $`
/// (no multiline flag: input start and end only).
///
/// Rejected with a `RegexSyntaxError`: lookahead/lookbehind, backreferences
/// (`\1`, `\k<name>`), word boundaries `\b \B` (all three matched by `ECMARegex`),
/// inline flags `(?i)`, octal escapes, identity escapes of
/// non-syntax characters (e.g. `\a`), lone `{ } ]`, lone surrogates,
/// `{m,n}` with `m > n` or bounds above 100000, and patterns whose expanded
/// automaton would exceed 200000 states.
package struct RegexPattern: Sendable, Hashable {
    /// The pattern text as given.
    public let source: String
    /// The parsed syntax tree.
    package let root: RegexNode
    private let program: RegexProgram

    /// Parses `source`.
    ///
    /// Throws for syntax errors and for valid ECMA-262 constructs outside the
    /// subset (see the type's documentation), naming the offset (in Unicode
    /// scalars) and a one-line remedy.
    public init(_ source: String) throws(RegexSyntaxError) {
        let root = try RegexParser.parse(source)
        let size = RegexProgram.size(of: root)
        guard size <= RegexProgram.maximumInstructions else {
            throw RegexSyntaxError(
                offset: 0,
                message: "counted repetitions expand to more than \(RegexProgram.maximumInstructions) matcher states",
                remedy: "use smaller {m,n} bounds, fewer nested counted repetitions, or * / +")
        }
        self.source = source
        self.root = root
        self.program = RegexProgram.compile(root)
    }

    /// ECMA-262 search semantics as JSON Schema uses them: `true` if the
    /// pattern matches anywhere in `string` (unanchored unless `^`/`$` are
    /// used). Operates on Unicode scalars; runs in time linear in the string
    /// length times the pattern's automaton size (no backtracking).
    public func matches(_ string: String) -> Bool {
        program.searches(string.unicodeScalars.map(\.value))
    }

    /// Patterns are equal when their sources are equal.
    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool {
        lhs.source == rhs.source
    }

    /// Hashes the source.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
    }
}
