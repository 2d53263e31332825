import Testing

/// Sanity checks for the test-only evaluator, so the range tests can trust it.
@Suite struct MiniGBNFTests {
    @Test func literalsClassesAndRepetitions() throws {
        let grammar = try MiniGBNF(#""a" [0-9]{2,3} | "b" [1-35]? | ("x" | "yz")* "!""#)
        for accepted in ["a12", "a123", "b", "b5", "b2", "!", "xyz!", "yzx!"] {
            #expect(grammar.matches(accepted), "\(accepted)")
        }
        for rejected in ["a1", "a1234", "b4", "b55", "xy!", "", "a12 "] {
            #expect(!grammar.matches(rejected), "\(rejected)")
        }
    }

    @Test func unboundedRepetitions() throws {
        let grammar = try MiniGBNF(#"[1-9] [0-9]{2,} | "-" [0-9]+ | "z" [0-9]*"#)
        #expect(grammar.matches("100"))
        #expect(grammar.matches("1" + String(repeating: "0", count: 40)))
        #expect(!grammar.matches("10"))
        #expect(grammar.matches("-0"))
        #expect(!grammar.matches("-"))
        #expect(grammar.matches("z"))
        #expect(grammar.matches("z12"))
    }

    @Test func rejectsOutsideTheSubset() {
        for source in ["[0-9]{3,2}", "[0-9]{2001}", "root", "(\"a\"", "\"a\" |", "[9-0]", "[0-9] {2}"] {
            #expect(throws: MiniGBNF.ParseError.self, "\(source)") { try MiniGBNF(source) }
        }
    }
}
