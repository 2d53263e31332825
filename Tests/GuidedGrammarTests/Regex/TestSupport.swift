import GuidedGrammar
import GuidedPatterns
import GuidedSchema

/// Canonical JSON string content (without quotes) per the translator's policy;
/// `/` is written raw.
func canonicalJSONContent(_ string: String) -> [UInt32] {
    var result: [UInt32] = []
    for scalar in string.unicodeScalars {
        switch scalar.value {
        case 0x22: result += [0x5C, 0x22]
        case 0x5C: result += [0x5C, 0x5C]
        case 0x08: result += [0x5C, 0x62]
        case 0x09: result += [0x5C, 0x74]
        case 0x0A: result += [0x5C, 0x6E]
        case 0x0C: result += [0x5C, 0x66]
        case 0x0D: result += [0x5C, 0x72]
        case 0x00..<0x20:
            let digits = Array("0123456789abcdef".unicodeScalars)
            result += [
                0x5C, 0x75, 0x30, 0x30, digits[Int(scalar.value >> 4)].value, digits[Int(scalar.value & 0xF)].value,
            ]
        default: result.append(scalar.value)
        }
    }
    return result
}

/// A translated pattern with an evaluator for its grammar.
struct TranslatedPattern {
    let pattern: RegexPattern
    let expression: String
    let sink: TestRuleSink
    let grammar: TestGBNF

    init(_ source: String, prefix: String = "p") throws {
        pattern = try RegexPattern(source)
        var sink = TestRuleSink()
        expression = try RegexGrammarTranslator.contentExpression(for: pattern, ruleNamePrefix: prefix, rules: &sink)
        self.sink = sink
        grammar = try TestGBNF(rules: sink.rules)
    }

    /// The expression followed by the rules, as compared in golden tests.
    var listing: String {
        sink.rules.isEmpty ? expression : expression + "\n" + sink.text
    }

    /// The grammar's verdict on the JSON text `content` (between the quotes).
    func accepts(jsonContent content: [UInt32]) throws -> Bool {
        try grammar.accepts(expression, content)
    }

    /// The grammar's verdict on the canonical encoding of `string`.
    func accepts(_ string: String) throws -> Bool {
        try accepts(jsonContent: canonicalJSONContent(string))
    }
}

/// Deterministic SplitMix64.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
