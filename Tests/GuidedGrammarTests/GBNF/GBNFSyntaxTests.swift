import GuidedTestTraits
import Testing

@testable import GuidedGrammar

/// Accepted syntax and its meaning (literals, classes, groups, comments, tokens, warnings).
@Suite("GBNF syntax and semantics", .ownThreads)
struct GBNFSyntaxTests {
    private func grammar(_ text: String) throws -> GBNFGrammar { try GBNFGrammar(parsing: text) }

    @Test func ruleNamesInDefinitionOrder() throws {
        let g = try grammar("root ::= a b-2 3c\nb-2 ::= \"b\"\na ::= \"a\"\n3c ::= \"c\"\n")
        #expect(g.ruleNames == ["root", "b-2", "a", "3c"])
        #expect(g.warnings.isEmpty)
        #expect(g.accepts("abc"))
    }

    @Test func commentsNewlinesAndGroups() throws {
        let g = try grammar(
            """
            # a leading comment
            root ::= item ("," # comment inside a group
                       item)* # trailing comment
            item ::= "x" |
                     "y"
            """)
        #expect(g.accepts("x,y,x"))
        #expect(!g.accepts("x,"))
    }

    @Test func crlfLineEndings() throws {
        let g = try grammar("root ::= a\r\na ::= \"x\" | \"y\"\r\n")
        #expect(g.accepts("y"))
    }

    @Test func escapes() throws {
        let g = try grammar(#"root ::= "\x41\u00e9\U0001F600\n\r\t\\\"\[\]\-""#)
        #expect(g.accepts("Aé😀\n\r\t\\\"[]-"))
        let classes = try grammar(#"root ::= [\x30-\x39\]\-]+"#)
        #expect(classes.accepts("0]9-"))
        #expect(!classes.accepts("a"))
    }

    @Test func characterClasses() throws {
        let g = try grammar("root ::= [^a-c\"] [-x] [x-] [a-cx-z]")
        #expect(g.accepts("d-xa"))
        #expect(g.accepts("😀x-y"))
        #expect(!g.accepts("a-xa"))
        #expect(!g.accepts("\"-xa"))
        #expect(!g.accepts("d-xd"))
    }

    @Test func reversedRangeMatchesNothing() throws {
        let g = try grammar("root ::= [z-a] | \"ok\"")
        #expect(!g.accepts("m"))
        #expect(g.accepts("ok"))
        #expect(!g.acceptsPrefix("m"))
        #expect(try grammar("root ::= [^z-a]").accepts("m"))
    }

    @Test func emptyClassMatchesEmptyStringWithWarning() throws {
        let g = try grammar("root ::= \"a\" [] \"b\"")
        #expect(g.accepts("ab"))
        #expect(g.warnings.count == 1)
        #expect(g.warnings.first?.hasPrefix("1:14:") == true)
    }

    @Test func dotMatchesOneScalar() throws {
        let g = try grammar("root ::= ... \"abc\" ...") // three `.` items, as in llama.cpp's tests
        #expect(g.accepts("🔵🟠✅abc❌🟠🔵"))
        #expect(!g.accepts("🔵🟠abc🟠🔵"))
        #expect(try grammar("root ::= .").accepts("\u{0}"))
    }

    @Test func inputIsMatchedAsUnicodeScalars() throws {
        // "é" as e + combining acute is two scalars; the precomposed form is one.
        let g = try grammar("root ::= \"e\" [\\u0301]")
        #expect(g.accepts("e\u{301}"))
        #expect(!g.accepts("\u{E9}"))
    }

    @Test func emptyAlternatives() throws {
        let g = try grammar("root ::= | \"a\" x\nx ::= \"b\" | \n")
        #expect(g.accepts(""))
        #expect(g.accepts("a"))
        #expect(g.accepts("ab"))
        // As in llama.cpp, a line break after `|` is skipped, so a trailing `|` swallows the next line.
        #expect(
            throws: GBNFParseError(line: 2, column: 3, message: "expecting end of line after rule 'root', found ':'")
        ) {
            try GBNFGrammar(parsing: "root ::= \"a\" | \nx ::= \"b\"\n")
        }
        #expect(try grammar("root ::= \"\"").accepts(""))
        #expect(try grammar("root ::= ( )").accepts(""))
    }

    @Test func quantifiersApplyToWholeLiteralsAndStack() throws {
        #expect(try grammar("root ::= \"ab\"*").accepts("ababab"))
        #expect(!(try grammar("root ::= \"ab\"*").accepts("aba")))
        #expect(try grammar("root ::= \"a\"{2}{3}").accepts("aaaaaa"))
        #expect(!(try grammar("root ::= \"a\"{2}{3}").accepts("aaaaa")))
        #expect(try grammar("root ::= \"a\"*?").accepts(""))
        #expect(try grammar("root ::= \"a\"{ 1 , 2 }").accepts("aa"))
        #expect(try grammar("root ::= \"a\"{0} \"b\"").accepts("b"))
    }

    @Test func redefinitionKeepsTheLastDefinition() throws {
        let g = try grammar("root ::= \"a\"\nroot ::= \"b\"\n")
        #expect(g.accepts("b"))
        #expect(!g.accepts("a"))
        #expect(g.ruleNames == ["root"])
        #expect(g.warnings.count == 1)
        #expect(g.warnings.first?.hasPrefix("2:1:") == true)
    }

    @Test func tokenReferencesParseButMatchNoText() throws {
        let g = try grammar("root ::= \"a\" | <[42]> \"b\" | !<[7]> | <think> \"c\"")
        #expect(g.warnings.count == 3)
        #expect(g.accepts("a"))
        #expect(!g.accepts("b"))
        #expect(!g.acceptsPrefix("c"))
        #expect(g.acceptsPrefix(""))
        let onlyTokens = try grammar("root ::= \"x\" <[1]>")
        #expect(!onlyTokens.accepts("x"))
        #expect(!onlyTokens.acceptsPrefix("x"))
        #expect(!onlyTokens.acceptsPrefix(""))
    }

    @Test func leftRecursionHiddenFromLlamaCheckIsAcceptedWithWarning() throws {
        // `a` can match "" but has no literally empty alternative, so llama.cpp's check misses the
        // left recursion of `root`. We accept (mirroring llama.cpp's parser) and warn.
        let g = try grammar("root ::= a root \"x\" | \"y\"\na ::= b\nb ::= \"b\" | \n")
        #expect(g.warnings.count == 1)
        #expect(g.warnings.first?.contains("left-recursive") == true)
        #expect(g.accepts("yx"))
        #expect(g.accepts("bbyxx"))
        #expect(g.accepts("byxxx"))
        #expect(!g.accepts("yxb"))
    }

    @Test func rightRecursionAndNestingAreFine() throws {
        let g = try grammar("root ::= \"(\" root \")\" root | ")
        #expect(g.accepts("(()())()"))
        #expect(!g.accepts("(()"))
        #expect(g.acceptsPrefix("(()"))
        #expect(!g.acceptsPrefix("())"))
    }
}
