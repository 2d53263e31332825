import GuidedTestTraits
import Testing

@testable import GuidedGrammar

/// llama.cpp's repetition limits (MAX_REPETITION_THRESHOLD = 2000) and their edges.
@Suite("GBNF repetition limits", .ownThreads)
struct GBNFRepetitionTests {
    private func a(_ count: Int) -> String { String(repeating: "a", count: count) }

    @Test func largestSingleRepetitions() throws {
        let exact = try GBNFGrammar(parsing: "root ::= \"a\"{1999}")
        #expect(exact.accepts(a(1999)))
        #expect(!exact.accepts(a(1998)))
        #expect(!exact.accepts(a(2000)))
        #expect(exact.acceptsPrefix(a(1998)))
        let range = try GBNFGrammar(parsing: "root ::= \"a\"{3,1999}")
        #expect(range.accepts(a(1999)))
        #expect(range.accepts(a(3)))
        #expect(!range.accepts(a(2)))
        #expect(!range.accepts(a(2000)))
        #expect(range.warnings.isEmpty)
    }

    @Test func minimumOf2000IsAllowedWhenUnbounded() throws {
        // {2000,} has total_rules = min = 2000... which hits the product limit, like llama.cpp.
        #expect(throws: GBNFParseError.self) { try GBNFGrammar(parsing: "root ::= \"a\"{2000,}") }
        let g = try GBNFGrammar(parsing: "root ::= \"a\"{1999,}")
        #expect(g.accepts(a(1999)))
        #expect(g.accepts(a(2500)))
        #expect(!g.accepts(a(1998)))
    }

    @Test func maximumAbove2000IsUnboundedWithWarning() throws {
        let g = try GBNFGrammar(parsing: "root ::= \"b\" \"a\"{0,3000}")
        #expect(g.warnings.count == 1)
        #expect(g.warnings.first?.hasPrefix("1:17:") == true)
        #expect(g.warnings.first?.contains("unbounded") == true)
        #expect(g.accepts("b"))
        #expect(g.accepts("b" + a(3001))) // llama.cpp: treated as {0,}
        let withMin = try GBNFGrammar(parsing: "root ::= \"a\"{5,2001}")
        #expect(withMin.warnings.count == 1)
        #expect(!withMin.accepts(a(4)))
        #expect(withMin.accepts(a(5000)))
    }

    @Test func maxAboveLimitSkipsTheMinMaxCheck() throws {
        // llama.cpp turns max > 2000 into "unbounded" before anything compares it with min.
        let g = try GBNFGrammar(parsing: "root ::= \"a\"{100,5000}")
        #expect(g.accepts(a(100)))
        #expect(!g.accepts(a(99)))
    }

    @Test func nestedLimitCountsGeneratedRules() throws {
        // n_prev_rules for a group is the number of symbols created while parsing it.
        let ok = try GBNFGrammar(parsing: "root ::= (\"a\"{0,100}){19}") // 101 × 19 = 1919
        #expect(ok.accepts(a(1900)))
        #expect(!ok.accepts(a(1901)))
        #expect(throws: GBNFParseError.self) { try GBNFGrammar(parsing: "root ::= (\"a\"{0,100}){20}") }
        // Fixed counts inside a group create no helper rules, so llama.cpp allows this product.
        let quirk = try GBNFGrammar(parsing: "root ::= ((\"a\"){1000}){2}")
        #expect(quirk.accepts(a(2000)))
        #expect(!quirk.accepts(a(1999)))
        // But counts stacked on one item multiply directly.
        let stacked = try GBNFGrammar(parsing: "root ::= \"a\"{50}{39}")
        #expect(stacked.accepts(a(1950)))
    }

    @Test func firstMentionOfARuleInsideAGroupCounts() throws {
        // `x` is first mentioned inside the group, so the group counts 2 symbols: 2 × 1000 ≥ 2000.
        #expect(throws: GBNFParseError.self) {
            try GBNFGrammar(parsing: "root ::= (x){1000}\nx ::= \"a\"")
        }
        // Defined first, it is not new: 1 × 1000.
        let g = try GBNFGrammar(parsing: "x ::= \"a\"\nroot ::= (x){1000}")
        #expect(g.accepts(a(1000)))
    }

    @Test func longOptionalRepetitionsAreLinear() throws {
        let g = try GBNFGrammar(parsing: "root ::= (\"x\" [0-9]?){0,180} \"!\"")
        let input = String(repeating: "x1", count: 90) + String(repeating: "x", count: 90) + "!"
        #expect(g.accepts(input))
        #expect(!g.accepts(String(repeating: "x", count: 181) + "!"))
        // A long right-recursive repetition stays linear (tail items hand over their waiters).
        let long = try GBNFGrammar(parsing: "root ::= \"\\\"\" [^\"]* \"\\\"\"")
        #expect(long.accepts("\"" + String(repeating: "b", count: 20_000) + "\""))
        // A nullable item repeated is highly ambiguous: polynomial (cubic), so keep it small.
        let nullableItem = try GBNFGrammar(parsing: "root ::= (\"a\"?){0,60}")
        #expect(nullableItem.accepts(a(60)))
        #expect(!nullableItem.accepts(a(61)))
    }
}
