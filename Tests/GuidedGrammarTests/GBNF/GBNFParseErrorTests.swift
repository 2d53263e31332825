import GuidedTestTraits
import Testing

@testable import GuidedGrammar

/// A grammar that must fail, where, and a fragment of the message.
struct BadGrammar: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String) {
        (self.name, self.text, self.line, self.column, self.message) = (name, text, line, column, message)
    }
}

@Suite("GBNF parse errors", .ownThreads)
struct GBNFParseErrorTests {
    static let cases: [BadGrammar] = [
        // Rules and references.
        BadGrammar("undefined rule", "root ::= foo\n", 1, 10, "undefined rule 'foo'"),
        BadGrammar("undefined rule, later line", "root ::= a\na ::= \"x\" b\n", 2, 11, "undefined rule 'b'"),
        BadGrammar("undefined rule, earliest reference wins", "root ::= a b\n", 1, 10, "undefined rule 'a'"),
        BadGrammar("undefined root referenced", "a ::= root\n", 1, 7, "undefined rule 'root'"),
        BadGrammar("missing root", "foo ::= \"a\"\n", 1, 1, "no 'root' rule"),
        BadGrammar("empty grammar", "", 1, 1, "defines no rules"),
        BadGrammar("only comments", "# nothing here\n\n", 1, 1, "defines no rules"),
        // Left recursion (llama.cpp's check).
        BadGrammar(
            "direct left recursion", "root ::= expr\nexpr ::= expr \"+\" term | term\nterm ::= [0-9]\n",
            2, 1, "left recursion in rule 'expr'"),
        BadGrammar(
            "indirect left recursion", "root ::= a\na ::= b \"x\"\nb ::= a \"y\" | \"z\"\n",
            2, 1, "left recursion in rule 'a'"),
        BadGrammar(
            "left recursion through an empty alternative",
            "root ::= a\na ::= b a \"x\" | \"y\"\nb ::= \"b\" | \n", 2, 1, "left recursion in rule 'a'"),
        BadGrammar(
            "left recursion through a starred prefix", "root ::= \"x\"* root \"y\" | \"z\"\n",
            1, 1, "left recursion in rule 'root'"),
        BadGrammar(
            "left recursion inside a group", "root ::= (root \"a\" | \"b\")\n",
            1, 1, "left recursion in rule 'root'"),
        BadGrammar("self reference", "root ::= root\n", 1, 1, "left recursion in rule 'root'"),
        // Literals and escapes.
        BadGrammar("unterminated string", "root ::= \"abc", 1, 10, "unterminated string literal"),
        BadGrammar(
            "unterminated string across lines", "root ::= \"abc\nx ::= d\n", 1, 10,
            "unterminated string literal"),
        BadGrammar("string spans lines", "root ::= \"abc\nx ::= \"d\n", 2, 8, "undefined rule 'd'"),
        BadGrammar("unterminated class", "root ::= [a-z", 1, 10, "unterminated character class"),
        BadGrammar("unterminated class after dash", "root ::= [a-", 1, 10, "unterminated character class"),
        BadGrammar("unterminated class after escape", "root ::= [\\", 1, 10, "unterminated character class"),
        BadGrammar("unknown escape", "root ::= \"a\\q\"", 1, 12, "unknown escape sequence '\\q'"),
        BadGrammar("unknown escape in class", "root ::= [\\d]", 1, 11, "unknown escape sequence '\\d'"),
        BadGrammar("short \\x escape", "root ::= \"\\x4\"", 1, 11, "expecting 2 hex digits after '\\x'"),
        BadGrammar("bad \\u escape", "root ::= [\\u12G4]", 1, 11, "expecting 4 hex digits after '\\u'"),
        BadGrammar("short \\U escape", "root ::= \"\\U0001F60\"", 1, 11, "expecting 8 hex digits after '\\U'"),
        BadGrammar("NUL in grammar", "root ::= \"a\"\u{0}", 1, 13, "NUL character"),
        // Repetition limits.
        BadGrammar(
            "min greater than max", "root ::= \"a\"{5,3}", 1, 13,
            "minimum repetition count 5 is greater than the maximum 3"),
        BadGrammar(
            "min above 2000", "root ::= \"a\"{2001}", 1, 13, "minimum repetition count 2001 exceeds the limit of 2000"),
        BadGrammar("min above 2000 with unbounded max", "root ::= \"a\"{2001,}", 1, 13, "exceeds the limit of 2000"),
        BadGrammar("exactly 2000 copies", "root ::= \"a\"{2000}", 1, 13, "(1 × 2000 ≥ 2000)"),
        BadGrammar("max of 2000", "root ::= [ab]{0,2000}", 1, 14, "(1 × 2000 ≥ 2000)"),
        BadGrammar("stacked repetitions multiply", "root ::= \"a\"{50}{40}", 1, 17, "(50 × 40 ≥ 2000)"),
        BadGrammar("group of helper rules repeated", "root ::= (\"a\"{0,100}){20}", 1, 22, "(101 × 20 ≥ 2000)"),
        BadGrammar("large group starred", "root ::= (\"a\"{0,1999})*", 1, 23, "(2000 × 1 ≥ 2000)"),
        BadGrammar("huge count", "root ::= \"a\"{99999999999999999999}", 1, 14, "integer out of range"),
        // Quantifier and general syntax.
        BadGrammar("quantifier first", "root ::= *\"a\"", 1, 10, "no preceding item"),
        BadGrammar("quantifier after bar", "root ::= \"a\" | +", 1, 16, "no preceding item"),
        BadGrammar("quantifier after empty string", "root ::= \"\"*", 1, 12, "no preceding item"),
        BadGrammar("quantifier after {0}", "root ::= \"a\"{0}?", 1, 16, "no preceding item"),
        BadGrammar("missing integer in braces", "root ::= \"a\"{x}", 1, 14, "expecting an integer after '{'"),
        BadGrammar("missing comma", "root ::= \"a\"{2 3}", 1, 16, "expecting ',' or '}'"),
        BadGrammar("missing closing brace", "root ::= \"a\"{2,3", 1, 17, "expecting '}'"),
        BadGrammar("missing ::=", "root = \"a\"", 1, 6, "expecting '::='"),
        BadGrammar("trailing garbage", "root ::= \"a\" )", 1, 14, "expecting end of line"),
        BadGrammar("underscore in name", "root ::= foo_bar\nfoo ::= \"x\"", 1, 13, "expecting end of line"),
        BadGrammar("unclosed group", "root ::= (\"a\"\n", 2, 1, "expecting ')' to close the group opened at 1:10"),
        BadGrammar("alternative on its own line", "root ::= \"a\"\n| \"b\"\n", 2, 1, "expecting a rule name"),
        BadGrammar("bang without token", "root ::= !\"a\"", 1, 11, "expecting '<' after '!'"),
        BadGrammar("token id missing bracket", "root ::= <[12>", 1, 14, "expecting ']'"),
        BadGrammar("token id missing angle", "root ::= <[12] ", 1, 15, "expecting '>'"),
        BadGrammar("unterminated token", "root ::= <think", 1, 10, "unterminated token reference"),
        BadGrammar("CRLF line numbers", "root ::= a\r\na ::= \"x\" b\r\n", 2, 11, "undefined rule 'b'"),
    ]

    @Test(arguments: cases)
    func reportsError(_ bad: BadGrammar) {
        #expect(throws: GBNFParseError.self) { try GBNFGrammar(parsing: bad.text) }
        do {
            _ = try GBNFGrammar(parsing: bad.text)
        } catch {
            #expect(error.line == bad.line, "line; \(error)")
            #expect(error.column == bad.column, "column; \(error)")
            #expect(error.message.contains(bad.message), "message; \(error)")
        }
    }

    @Test func descriptionNamesLineAndColumn() {
        let error = GBNFParseError(line: 3, column: 7, message: "undefined rule 'x'")
        #expect(error.description == "3:7: undefined rule 'x'")
    }
}
