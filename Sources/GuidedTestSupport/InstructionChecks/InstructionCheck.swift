/// One machine-checkable instruction a benchmark prompt gives, IFEval-style: the answer's
/// length, shape, wording or exact reply.
///
/// A prompt in `Benchmarks/Fixtures/text/instructions.jsonl` lists its checks as objects of one
/// key each (`{"sentences": {"max": 1}}`); ``parse(key:value:)`` reads one, and
/// ``failure(in:prompt:)`` says whether an answer breaks it. Every answer also faces
/// ``globalFailure(answer:prompt:)``: not empty, not an echo of the prompt.
package enum InstructionCheck: Sendable, Hashable {
    /// Between `min` and `max` sentences (either bound may be absent); see ``failure(in:prompt:)``
    /// for what ends a sentence.
    case sentences(min: Int?, max: Int?)
    /// Between `min` and `max` words: runs of letters and digits, joined across inner
    /// apostrophes and hyphens (`don't`, `run-walk`) and across `.`, `,` or `:` between digits
    /// (`0.75`, `7,000`, `12:30`).
    case words(min: Int?, max: Int?)
    /// States this number written with a decimal point (`0.75`, `.75`, `0.750`) and writes no
    /// fraction.
    case decimal(Double)
    /// Writes no fraction: no `a/b` between digits and no character such as `¾`.
    case noFraction
    /// A list numbered `1.` to `n.` (or `1)` to `n)`), one item a line, in order, and no other
    /// numbered line; text before, between and after the items is allowed.
    case numberedList(Int)
    /// Exactly this many lines starting with `- `, `* ` or `• `.
    case bulletList(Int)
    /// One line of exactly this many non-empty comma-separated items (a final full stop and an
    /// `and` or `or` before the last item allowed).
    case commaList(Int)
    /// Exactly this many non-empty lines.
    case lines(Int)
    /// The first word (or words) is one of these, ignoring case, leading quotes, asterisks and
    /// whitespace, and punctuation after it.
    case startsWith([String])
    /// The whole answer is this reply, ignoring surrounding whitespace, quotes and emphasis
    /// asterisks, a missing or extra final full stop, curly apostrophes and runs of whitespace.
    case exactly(String)
    /// Every one of these phrases occurs, ignoring case, as whole words.
    case contains([String])
    /// At least one of these phrases occurs, ignoring case, as whole words.
    case containsAny([String])
    /// None of these phrases occurs, ignoring case, as whole words.
    case forbidden([String])
    /// No uppercase letter anywhere.
    case lowercase
    /// The answer does not decline: none of the usual refusals (`I can only help`, `I can't
    /// help`, `I cannot answer`, …).
    case notRefusal

    /// The check's key in the benchmark file: `"sentences"`, `"commaList"`, ….
    package var key: String {
        switch self {
        case .sentences: "sentences"
        case .words: "words"
        case .decimal: "decimal"
        case .noFraction: "noFraction"
        case .numberedList: "numberedList"
        case .bulletList: "bulletList"
        case .commaList: "commaList"
        case .lines: "lines"
        case .startsWith: "startsWith"
        case .exactly: "exactly"
        case .contains: "contains"
        case .containsAny: "containsAny"
        case .forbidden: "forbidden"
        case .lowercase: "lowercase"
        case .notRefusal: "notRefusal"
        }
    }
}
