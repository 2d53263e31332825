import GuidedConformance
import GuidedGrammar
import Testing

/// A compiled grammar checked twice, as the README promises for every grammar in the tests: by
/// our own matcher (``GBNFGrammar``) and by llama.cpp's `test-gbnf-validator`
/// (``LlamaGrammarChecker``). Creating one fails when llama.cpp cannot parse the grammar, or
/// when the checker is not installed (never a skip); ``accepts(_:sourceLocation:)`` gives our
/// matcher's verdict and records an issue wherever llama.cpp's differs.
struct CheckedGrammar {
    /// The grammar text.
    let gbnf: String
    /// Our matcher.
    let ours: GBNFGrammar
    private let llama: LlamaGrammarChecker

    /// Parses `gbnf` with our parser and has llama.cpp parse it too.
    init(_ gbnf: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.gbnf = gbnf
        ours = try GBNFGrammar(parsing: gbnf)
        llama = try LlamaGrammarChecker()
        let verdict = try llama.check(grammar: gbnf, input: "")
        if case .grammarError(let message) = verdict {
            Issue.record("llama.cpp cannot parse the grammar: \(message)", sourceLocation: sourceLocation)
        }
    }

    /// Whether our matcher accepts `text`; an issue is recorded when llama.cpp does not agree.
    func accepts(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let accepted = ours.accepts(text)
        do {
            let verdict = try llama.check(grammar: gbnf, input: text)
            #expect(
                verdict == (accepted ? .accepted : .rejected),
                "llama.cpp says \(verdict), our matcher \(accepted ? "accepts" : "rejects") \(text)",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("llama.cpp's checker did not run: \(error)", sourceLocation: sourceLocation)
        }
        return accepted
    }
}
