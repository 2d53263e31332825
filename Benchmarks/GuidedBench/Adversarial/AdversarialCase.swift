/// A schema built to break a schema tool: nesting, size, bounds, reference cycles and patterns
/// that blow up a backtracking matcher. Each should end, quickly and in little memory, with a
/// located error or a grammar (and, for a pattern, an instance checked against it).
struct AdversarialCase {
    enum Family: String { case nesting, size, bounds, references, patterns }

    let family: Family
    let name: String
    let schema: String
    /// An instance to check against the schema with `guided validate`, for patterns.
    var instance: String? = nil

    static let all: [AdversarialCase] = nesting + size + bounds + references + patterns

    static let nesting: [AdversarialCase] = [
        AdversarialCase(
            family: .nesting, name: "10,000 nested arrays",
            schema: repeated(#"{"type":"array","items":"#, 10_000) + #"{"type":"string"}"# + repeated("}", 10_000)),
        AdversarialCase(
            family: .nesting, name: "10,000 nested objects",
            schema: repeated(#"{"type":"object","properties":{"a":"#, 10_000) + #"{"type":"string"}"#
                + repeated("}}", 10_000)),
        AdversarialCase(
            family: .nesting, name: "10,000 nested anyOf",
            schema: repeated(#"{"anyOf":["#, 10_000) + #"{"type":"string"}"# + repeated("]}", 10_000)),
        AdversarialCase(
            family: .nesting, name: "500 nested arrays (under the cap)",
            schema: repeated(#"{"type":"array","items":"#, 500) + #"{"type":"string"}"# + repeated("}", 500)),
    ]

    static let size: [AdversarialCase] = [
        AdversarialCase(
            family: .size, name: "enum of 100,000 strings",
            schema: #"{"type":"string","enum":"# + values(0..<100_000) + "}"),
        AdversarialCase(
            family: .size, name: "allOf of two 100,000-value enums",
            schema: #"{"allOf":[{"type":"string","enum":"# + values(0..<100_000) + #"},{"enum":"#
                + values(50_000..<150_000) + "}]}"),
        AdversarialCase(
            family: .size, name: "object with 10,000 properties",
            schema: #"{"type":"object","properties":{"#
                + (0..<10_000).map { #""p\#($0)":{"type":"integer"}"# }
                .joined(separator: ",") + "}}"),
    ]

    static let bounds: [AdversarialCase] = [
        AdversarialCase(
            family: .bounds, name: "minLength 5 > maxLength 2",
            schema: #"{"type":"string","minLength":5,"maxLength":2}"#),
        AdversarialCase(
            family: .bounds, name: "minItems 3 > maxItems 1", schema: #"{"type":"array","minItems":3,"maxItems":1}"#),
        AdversarialCase(
            family: .bounds, name: "maxLength 2^63-1", schema: #"{"type":"string","maxLength":9223372036854775807}"#),
        AdversarialCase(
            family: .bounds, name: "minItems 100,000",
            schema: #"{"type":"array","items":{"type":"integer"},"minItems":100000}"#),
        AdversarialCase(
            family: .bounds, name: "minLength 1999, maxLength 2001",
            schema: #"{"type":"string","minLength":1999,"maxLength":2001}"#),
        AdversarialCase(family: .bounds, name: "pattern a{2000}", schema: #"{"type":"string","pattern":"^a{2000}$"}"#),
        AdversarialCase(family: .bounds, name: "pattern a{2001}", schema: #"{"type":"string","pattern":"^a{2001}$"}"#),
        AdversarialCase(
            family: .bounds, name: "pattern a{0,4294967295}",
            schema: #"{"type":"string","pattern":"^a{0,4294967295}$"}"#),
        AdversarialCase(
            family: .bounds, name: "pattern ((a{1000}){1000}){1000}",
            schema: #"{"type":"string","pattern":"^((a{1000}){1000}){1000}$"}"#),
        AdversarialCase(family: .bounds, name: "pattern a{5,2}", schema: #"{"type":"string","pattern":"^a{5,2}$"}"#),
        AdversarialCase(
            family: .bounds, name: "integer in [-2^63, 2^63-1]",
            schema: #"{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}"#),
        AdversarialCase(
            family: .bounds, name: "integer in [1e300, 1e301]",
            schema: #"{"type":"integer","minimum":1e300,"maximum":1e301}"#),
    ]

    static let references: [AdversarialCase] = [
        AdversarialCase(family: .references, name: ##"{"$ref":"#"}"##, schema: ##"{"$ref":"#"}"##),
        AdversarialCase(
            family: .references, name: "a → b → a",
            schema: ##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}"##),
        AdversarialCase(family: .references, name: "ring of 10,000 definitions", schema: ring(10_000, closed: true)),
        AdversarialCase(family: .references, name: "chain of 10,000 definitions", schema: ring(10_000, closed: false)),
        AdversarialCase(
            family: .references, name: "recursion through items",
            schema: ##"{"type":"array","items":{"anyOf":[{"type":"integer"},{"$ref":"#"}]},"maxItems":3}"##),
    ]

    static let patterns: [AdversarialCase] = [
        AdversarialCase(
            family: .patterns, name: "^(a+)+$ on a…a!", schema: #"{"type":"string","pattern":"^(a+)+$"}"#,
            instance: "\"" + String(repeating: "a", count: 5_000) + "!\""),
        AdversarialCase(
            family: .patterns, name: "^(a|a?)+(.*a){20}$ on a…a!",
            schema: #"{"type":"string","pattern":"^(a|a?)+(.*a){20}$"}"#,
            instance: "\"" + String(repeating: "a", count: 5_000) + "!\""),
        AdversarialCase(
            family: .patterns, name: "^(a|aa)+$ on a…a!", schema: #"{"type":"string","pattern":"^(a|aa)+$"}"#,
            instance: "\"" + String(repeating: "a", count: 5_000) + "!\""),
        AdversarialCase(
            family: .patterns, name: "5,000-way alternation",
            schema: #"{"type":"string","pattern":"^("# + (0..<5_000).map { "w\($0)" }.joined(separator: "|") + #")$"}"#,
            instance: "\"w4999\""),
    ]

    private static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    private static func values(_ range: Range<Int>) -> String {
        "[" + range.map { "\"v\($0)\"" }.joined(separator: ",") + "]"
    }

    /// Definitions d0 → d1 → … → d(n-1), the last back to d0 (closed) or to an integer.
    private static func ring(_ count: Int, closed: Bool) -> String {
        let links = (0..<count).map { ##""d\##($0)":{"$ref":"#/$defs/d\##($0 + 1)"}"## }
        let last = closed ? ##""d\##(count)":{"$ref":"#/$defs/d0"}"## : ##""d\##(count)":{"type":"integer"}"##
        return ##"{"$defs":{"## + (links + [last]).joined(separator: ",") + ##"},"$ref":"#/$defs/d0"}"##
    }
}
