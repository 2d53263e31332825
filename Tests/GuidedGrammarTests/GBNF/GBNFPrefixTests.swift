import GuidedTestTraits
import Testing

@testable import GuidedGrammar

/// Streaming checks with `acceptsPrefix`, and matching a realistic grammar at size.
@Suite("GBNF prefixes and scale", .ownThreads)
struct GBNFPrefixTests {
    /// llama.cpp's grammars/json.gbnf.
    static let json = #"""
        root   ::= object
        value  ::= object | array | string | number | ("true" | "false" | "null") ws

        object ::=
          "{" ws (
                    string ":" ws value
            ("," ws string ":" ws value)*
          )? "}" ws

        array  ::=
          "[" ws (
                    value
            ("," ws value)*
          )? "]" ws

        string ::=
          "\"" (
            [^"\\\x7F\x00-\x1F] |
            "\\" (["\\bfnrt] | "u" [0-9a-fA-F]{4}) # escapes
          )* "\"" ws

        number ::= ("-"? ([0-9] | [1-9] [0-9]{0,15})) ("." [0-9]+)? ([eE] [-+]? [0-9] [1-9]{0,15})? ws

        # Optional space: by convention, applied in this grammar after literal chars when allowed
        ws ::= | " " | "\n" [ \t]{0,20}
        """#

    @Test func jsonPrefixes() throws {
        let g = try GBNFGrammar(parsing: Self.json)
        #expect(g.ruleNames == ["root", "value", "object", "array", "string", "number", "ws"])
        let text = #"{"a": [1, -2.5e3, true, null, "x\u00e9\n"], "b": {}}"#
        #expect(g.accepts(text))
        var prefix = ""
        for character in text {
            #expect(g.acceptsPrefix(prefix), "\(prefix)")
            #expect(prefix.isEmpty || !g.accepts(prefix) || prefix == text)
            prefix.append(character)
        }
        #expect(g.acceptsPrefix(text))
        #expect(g.acceptsPrefix(""))
        #expect(!g.acceptsPrefix("["))
        #expect(!g.acceptsPrefix("{\"a\" 1"))
        #expect(!g.acceptsPrefix("{\"a\": 01"))
        #expect(!g.acceptsPrefix("{\"a\": \"\\x"))
        #expect(!g.acceptsPrefix(text + "x"))
        #expect(!g.accepts("{\"a\": 1"))
    }

    @Test func prefixNeedsAPossibleCompletion() throws {
        let g = try GBNFGrammar(parsing: "root ::= \"ab\" \"c\"{2}")
        #expect(g.acceptsPrefix("abc"))
        #expect(!g.accepts("abc"))
        #expect(g.accepts("abcc"))
        #expect(!g.acceptsPrefix("abccc"))
        #expect(!g.acceptsPrefix("b"))
    }

    @Test func largeJsonInputIsAcceptedWithoutBlowingUp() throws {
        let g = try GBNFGrammar(parsing: Self.json)
        let item = #"{"id": 12345, "name": "item \u00e9", "tags": ["a", "b", "c"], "ok": false}"#
        let text = "{\"items\": [" + Array(repeating: item, count: 80).joined(separator: ", ") + "]}"
        #expect(text.unicodeScalars.count > 5000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(g.accepts(text)) }
        // Catches a matcher that blows up (exponential in the input's nesting or length), with
        // room for a machine busy with other tests; how fast it is, is not asserted here.
        #expect(elapsed < .seconds(60))
        #expect(!g.accepts(String(text.dropLast())))
        #expect(g.acceptsPrefix(String(text.dropLast())))
    }

    @Test func deepNestingAndAmbiguity() throws {
        let nested = try GBNFGrammar(parsing: "root ::= \"[\" root \"]\" | \"x\"")
        let depth = 1500
        #expect(nested.accepts(String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth)))
        #expect(!nested.accepts(String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth - 1)))
        // Highly ambiguous: exponentially many parses, polynomial work.
        let ambiguous = try GBNFGrammar(parsing: "root ::= (\"a\" | \"a\" \"a\" | \"aa\" | x)*\nx ::= \"a\"+")
        #expect(ambiguous.accepts(String(repeating: "a", count: 300)))
        #expect(!ambiguous.accepts(String(repeating: "a", count: 300) + "b"))
    }

    @Test func manyRules() throws {
        // 300 rules chained through alternatives.
        var text = "root ::= r0\n"
        for index in 0..<300 {
            text += "r\(index) ::= \"<\(index)>\" (r\(index + 1) | \"\")\n"
        }
        text += "r300 ::= \"end\"\n"
        let g = try GBNFGrammar(parsing: text)
        #expect(g.ruleNames.count == 302)
        let full = (0..<300).map { "<\($0)>" }.joined() + "end"
        #expect(g.accepts(full))
        #expect(g.accepts("<0><1><2>"))
        #expect(!g.accepts("<0><2>"))
    }
}
