import Foundation
import GuidedTestTraits
import Testing

/// The probe's deeply nested regular expressions (`cases_crash`): a pattern nested thousands of
/// levels deep in a schema, an instance or a key is read, compiled or refused with a located
/// error, never a crash of the parser's stack.
@Suite(.ownThreads) struct ProbeRegexTests {
    /// `n` nested groups of one kind around `a`.
    static func nested(_ kind: String, _ n: Int) -> String {
        switch kind {
        case "capture": String(repeating: "(", count: n) + "a" + String(repeating: ")", count: n)
        case "noncapture": String(repeating: "(?:", count: n) + "a" + String(repeating: ")", count: n)
        case "lookahead": String(repeating: "(?=", count: n) + "a" + String(repeating: ")", count: n)
        case "alternation": String(repeating: "(a|", count: n) + "b" + String(repeating: ")", count: n)
        case "quantified": String(repeating: "(", count: n) + "a" + String(repeating: ")*", count: n)
        case "class": String(repeating: "([a-c]", count: n) + String(repeating: ")", count: n)
        case "unclosed": String(repeating: "(", count: n) + "a"
        default: (0..<n).map { "(?<g\($0)>" }.joined() + "a" + String(repeating: ")", count: n)
        }
    }

    /// A JSON string holding `text`.
    static func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\\", with: "\\\\") + "\"" }

    static let cases: [ProbeCase] =
        [
            ("validate", "capture", 15000), ("compile", "capture", 20000), ("validate", "noncapture", 18000),
            ("compile", "noncapture", 16000), ("validate", "lookahead", 16000), ("compile", "alternation", 17000),
            ("validate", "quantified", 15000), ("compile", "class", 15000), ("validate", "unclosed", 20000),
            ("schema", "named", 15000),
        ].map { command, kind, n in
            ProbeCase(
                name: "regex-\(command)-\(kind)-\(n / 1000)k",
                arguments: command == "validate"
                    ? [command, "{dir}/s.json", "{dir}/i.json"] : [command, "{dir}/s.json"],
                files: [
                    "s.json": .text(#"{"type":"string","pattern":\#(quoted(nested(kind, n)))}"#),
                    "i.json": .text(#""a""#),
                ],
                exits: command == "validate" ? [0, 1, 2] : [0, 2], stderrOnUsageError: #":\d+:\d+: error: .+"#)
        } + [
            ProbeCase(
                name: "regex-patternProperties-deep", arguments: ["validate", "{dir}/s.json", "{dir}/i.json"],
                files: [
                    "s.json": .text(
                        #"{"type":"object","patternProperties":{\#(quoted(nested("capture", 16000))):{}}}"#),
                    "i.json": .text(#"{"a":1}"#),
                ], exits: [0, 1, 2]),
            ProbeCase(
                name: "regex-propertyNames-deep-compile", arguments: ["compile", "{dir}/s.json"],
                files: [
                    "s.json": .text(
                        #"{"type":"object","propertyNames":{"pattern":\#(quoted(nested("noncapture", 16000)))}}"#)
                ], exits: [0, 2]),
            ProbeCase(
                name: "regex-format-instance-deep", arguments: ["validate", "{dir}/s.json", "{dir}/i.json"],
                files: [
                    "s.json": .text(#"{"type":"string","format":"regex"}"#),
                    "i.json": .text(quoted(nested("capture", 20000))),
                ], exits: [0, 1]),
        ]

    @Test(arguments: cases) func aDeepPatternIsReadOrRefusedWithALocatedError(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }

    /// The error names a refused pattern by its start: a 30,000-character pattern is not printed
    /// whole into the terminal.
    @Test func aRefusedPatternIsQuotedByItsStartOnly() throws {
        let schema = try GuidedCommandTests.temporaryFile(
            "deep.json", #"{"type":"string","pattern":\#(Self.quoted(Self.nested("capture", 15000)))}"#)
        let instance = try GuidedCommandTests.temporaryFile("a.json", #""a""#)
        let result = try GuidedCommandTests.guided("validate", schema, instance)
        #expect(result.status == 2)
        #expect(result.stderr.contains(#"error: pattern "((((("#), "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("groups nest more than 200 levels deep"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.count < 400, "\(result.stderr.count) characters")
    }
}
