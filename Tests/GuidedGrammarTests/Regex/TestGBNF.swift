import GuidedGrammar

/// A rule sink for tests: keeps rules in insertion order, suffixes duplicate names.
struct TestRuleSink: GBNFRuleSink {
    var rules: [(name: String, body: String)] = []

    mutating func addRule(named suggestedName: String, body: String) -> String {
        if let existing = rules.first(where: { $0.body == body }) { return existing.name }
        var name = suggestedName
        var suffix = 1
        while rules.contains(where: { $0.name == name }) {
            name = "\(suggestedName)-\(suffix)"
            suffix += 1
        }
        rules.append((name, body))
        return name
    }

    /// The rules as GBNF text, one per line.
    var text: String {
        rules.map { "\($0.name) ::= \($0.body)" }.joined(separator: "\n")
    }
}

/// Test-only evaluator for the GBNF subset the translator emits: literals,
/// character classes (with `^`), groups, alternation, `* + ? {m} {m,} {m,n}`,
/// and references to non-recursive rules. Escapes follow llama.cpp's parser
/// exactly (`\x \u \U \t \r \n \\ \" \[ \]`), so an escape llama.cpp rejects
/// fails here too. Matching computes the set of reachable end positions, so
/// ambiguity is handled exactly.
struct TestGBNF {
    indirect enum Node {
        case literal([UInt32])
        case characterClass(ranges: [ClosedRange<UInt32>], negated: Bool)
        case reference(String)
        case sequence([Node])
        case choice([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    var rules: [String: Node] = [:]

    init(rules: [(name: String, body: String)]) throws {
        for rule in rules {
            self.rules[rule.name] = try Self.parse(rule.body)
        }
    }

    static func parse(_ text: String) throws -> Node {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        let node = try parser.alternation()
        parser.skipSpace()
        guard parser.index == parser.scalars.count else {
            throw ParseError(description: "trailing text at \(parser.index) in \(text)")
        }
        return node
    }

    /// `true` if `expression` matches all of `input` (code points).
    func accepts(_ expression: String, _ input: [UInt32]) throws -> Bool {
        let node = try Self.parse(expression)
        return ends(node, from: [0], input).contains(input.count)
    }

    func ends(_ node: Node, from starts: Set<Int>, _ input: [UInt32]) -> Set<Int> {
        if starts.isEmpty { return [] }
        switch node {
        case .literal(let scalars):
            return Set(
                starts.compactMap { start in
                    start + scalars.count <= input.count && Array(input[start..<start + scalars.count]) == scalars
                        ? start + scalars.count : nil
                })
        case .characterClass(let ranges, let negated):
            return Set(
                starts.compactMap { start in
                    guard start < input.count else { return nil }
                    let inside = ranges.contains { $0.contains(input[start]) }
                    return inside != negated ? start + 1 : nil
                })
        case .reference(let name):
            return ends(rules[name]!, from: starts, input)
        case .sequence(let parts):
            return parts.reduce(starts) { ends($1, from: $0, input) }
        case .choice(let parts):
            return parts.reduce(into: Set<Int>()) { $0.formUnion(ends($1, from: starts, input)) }
        case .repeated(let body, let min, let max):
            var current = starts
            for _ in 0..<min { current = ends(body, from: current, input) }
            var result = current
            var count = min
            while max.map({ count < $0 }) ?? true {
                let next = ends(body, from: current, input)
                count += 1
                if next == current || next.isEmpty || (max == nil && next.isSubset(of: result)) {
                    result.formUnion(next)
                    break
                }
                result.formUnion(next)
                current = next
            }
            return result
        }
    }
}
