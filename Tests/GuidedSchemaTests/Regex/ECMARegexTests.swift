import GuidedPatterns
import GuidedSchema
import GuidedTestTraits
import Testing

/// The backtracking ECMA-262 matcher: the constructs outside the linear-time subset, and a
/// step budget that makes adversarial patterns end in bounded time.
@Suite(.ownThreads) struct ECMARegexTests {
    @Test(
        arguments: [
            ("(?=.*[0-9])(?=.*[a-z])^.{8,}$", "abcdefg1", true),
            ("(?=.*[0-9])(?=.*[a-z])^.{8,}$", "abcdefgh", false),
            ("^(?!admin$).+$", "admin", false),
            ("^(?!admin$).+$", "administrator", true),
            ("(?<=\\$)[0-9]+", "cost $42", true),
            ("(?<!\\$)\\b[0-9]+", "$42", false),
            ("^(a+)-\\1$", "aaa-aaa", true),
            ("^(a+)-\\1$", "aaa-aa", false),
            ("^(?<q>['\"]).*\\k<q>$", "'quoted'", true),
            ("^(?<q>['\"]).*\\k<q>$", "'quoted\"", false),
            ("\\bcat\\b", "a cat here", true),
            ("\\bcat\\b", "concatenate", false),
            ("\\Bcat", "concatenate", true),
            ("^(a*)*$", "aaaa", true),
            ("^(a|ab)(c|bcd)(d*)$", "abcd", true),
            ("^\\p{Lu}\\p{Ll}+$", "Émile", true),
        ] as [(String, String, Bool)])
    func matches(_ pattern: String, _ input: String, _ expected: Bool) throws {
        #expect(try ECMARegex(pattern).matches(input) == expected, "/\(pattern)/ on \(input)")
    }

    @Test func catastrophicBacktrackingEndsWithUnknown() throws {
        let regex = try ECMARegex("^(a+)+$")
        let input = String(repeating: "a", count: 40) + "b"
        let clock = ContinuousClock()
        let start = clock.now
        #expect(regex.matches(input, stepBudget: 200_000) == nil)
        // Without the budget this takes about 2^40 steps (hours); with it, a fraction of a second
        // unloaded. The bound catches a budget that is not enforced, with room for a busy machine.
        #expect(clock.now - start < .seconds(60))
        #expect(regex.matches("aaaa") == true)
    }

    @Test(arguments: ["(", "a{2,1}", "(?<n>a)(?<n>b)", "\\k<missing>(?<x>a)", "(a)\\2", "(?=a)*"])
    func invalidPatternsAreErrors(_ pattern: String) {
        #expect(throws: RegexSyntaxError.self) { try ECMARegex(pattern) }
    }
}
