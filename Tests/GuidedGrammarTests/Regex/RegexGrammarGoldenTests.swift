import GuidedGrammar
import GuidedPatterns
import GuidedSchema
import Testing

private let charRule =
    #"p-char ::= [^\u0000-\u001F"\\] | "\\" (["/\\bfnrt] | "u00" ("0" [0-7BEFbef] | "1" [0-9A-Fa-f]))"#

@Suite struct RegexGrammarGoldenTests {
    @Test(
        arguments: [
            ("^[a-z]{2,5}$", "[a-z]{2,5}"),
            (#"^\d{3}-\d{4}$"#, #"[0-9]{3} "-" [0-9]{4}"#),
            ("^(foo|bar)+$", #"("foo" | "bar")+"#),
            (
                "a.c",
                #"""
                p-char* "a" p-dot "c" p-char*
                \#(charRule)
                p-dot ::= [^\u0000-\u001F"\\\u2028\u2029] | "\\" (["/\\bft] | "u00" ("0" [0-7BEFbef] | "1" [0-9A-Fa-f]))
                """#
            ),
            (
                #"^[^"]*$"#,
                #"""
                p-class*
                p-class ::= [^\u0000-\u001F"\\] | "\\" ([/\\bfnrt] | "u00" ("0" [0-7BEFbef] | "1" [0-9A-Fa-f]))
                """#
            ),
            (
                "^[^a]$",
                #"""
                p-class
                p-class ::= [^\u0000-\u001F"\\a] | "\\" (["/\\bfnrt] | "u00" ("0" [0-7BEFbef] | "1" [0-9A-Fa-f]))
                """#
            ),
            ("^abc?d*efg+(hij)?kl$", #""ab" "c"? "d"* "ef" "g"+ ("hij")? "kl""#),
            (
                "^A|B|C|D$",
                #"""
                ("A" p-char* | p-char* "D" | p-char* ("B" | "C") p-char*)
                \#(charRule)
                """#
            ),
            ("x", "p-char* \"x\" p-char*\n" + charRule),
            ("^$", #""""#),
            (
                #"^"\\/$"#,
                #"""
                "\\\"\\\\" p-class
                p-class ::= "/" | "\\/"
                """#
            ),
            (#"^\n\t\u0001\x1F$"#, #""\\n\\t\\u0001\\u001" [Ff]"#),
            (
                #"^(\d{2}:)+$"#,
                #"""
                p-group+
                p-group ::= [0-9]{2} ":"
                """#
            ),
            (
                #"^[\-^\]\\]$"#,
                #"""
                p-class
                p-class ::= [\u002D\]\u005E] | "\\\\"
                """#
            ),
            ("^é😀[à-ÿ]$", #""\u00E9\U0001F600" [\u00E0-\u00FF]"#),
            ("^(ab|a)(x{1,1999})$", #"("ab" | "a") "x"{1,1999}"#),
        ] as [(String, String)])
    func golden(_ source: String, _ expected: String) throws {
        let translated = try TranslatedPattern(source)
        #expect(translated.listing == expected, "/\(source)/")
    }

    @Test func ruleNamesComeFromTheSink() throws {
        struct Renaming: GBNFRuleSink {
            var added: [String] = []
            mutating func addRule(named suggestedName: String, body: String) -> String {
                added.append(suggestedName)
                return "r\(added.count)"
            }
        }
        var sink = Renaming()
        let expression = try RegexGrammarTranslator.contentExpression(
            for: RegexPattern("a.b.c"), ruleNamePrefix: "name-pattern", rules: &sink)
        #expect(expression == #"r1* "a" r2 "b" r2 "c" r1*"#)
        #expect(sink.added == ["name-pattern-char", "name-pattern-dot"])
    }

    /// (pattern, message fragment)
    @Test(
        arguments: [
            ("^a{2000}$", "exceeds llama.cpp's limit"),
            ("^a{0,5000}$", "exceeds llama.cpp's limit"),
            ("^a{2000,}$", "exceeds llama.cpp's limit"),
            ("^[]$", "never match"),
            ("a^b", "never match"),
            ("(^a){20}", "repeated more than 16"),
        ] as [(String, String)])
    func unenforceable(_ source: String, _ fragment: String) throws {
        let pattern = try RegexPattern(source)
        var sink = TestRuleSink()
        do {
            _ = try RegexGrammarTranslator.contentExpression(for: pattern, ruleNamePrefix: "p", rules: &sink)
            Issue.record("/\(source)/ should not translate")
        } catch {
            #expect(error.message.contains(fragment), "\(error)")
            #expect(error.pattern == source)
            #expect(!error.remedy.isEmpty)
            #expect(sink.rules.isEmpty, "no rules are added on failure")
        }
    }

    @Test func nonCanonicalEscapesAreRejected() throws {
        let translated = try TranslatedPattern("^.$")
        #expect(try translated.accepts(jsonContent: Array("\\/".unicodeScalars.map(\.value))))
        #expect(try translated.accepts(jsonContent: Array("\\u001F".unicodeScalars.map(\.value))))
        #expect(try translated.accepts(jsonContent: Array("\\u001f".unicodeScalars.map(\.value))))
        #expect(try !translated.accepts(jsonContent: Array("\\u0041".unicodeScalars.map(\.value))))
        #expect(try !translated.accepts(jsonContent: Array("\\u000a".unicodeScalars.map(\.value))))
        #expect(try !translated.accepts(jsonContent: Array("\"".unicodeScalars.map(\.value))))
        #expect(try !translated.accepts(jsonContent: Array("\n".unicodeScalars.map(\.value))))
    }
}
