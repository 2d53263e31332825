import GuidedPatterns
import GuidedSchema

/// Writes a ``ContentRegex`` as GBNF over JSON string text, within llama.cpp's limits.
///
/// - A character set with one canonical spelling joins the surrounding string
///   literal; a set needing several alternatives (raw part plus escapes)
///   becomes its own rule via the sink (deduplicated per translation).
/// - A repeated part that itself contains a repetition becomes its own rule,
///   so no rule nests repetitions (llama.cpp rejects nested repetitions whose
///   product reaches its threshold).
/// - Every repetition bound must be at most ``maximumRepetitionBound``.
struct GBNFEmitter<Sink: GBNFRuleSink> {
    /// llama.cpp rejects a repetition whose count reaches 2000 (`MAX_REPETITION_THRESHOLD`).
    static var maximumRepetitionBound: Int { 1999 }

    var sink: Sink
    let prefix: String
    let source: String
    var setRules: [RegexScalarSet: String] = [:]
    var groupRules: [ContentRegex: String] = [:]

    /// Where an expression is placed.
    enum Context {
        /// A whole alternation (rule body or parenthesized group).
        case alternation
        /// One item of a sequence: a top-level choice needs parentheses.
        case sequenceItem
        /// The operand of a quantifier: must be a single atom.
        case quantified
    }

    /// The expression for `regex` at top level, safe to use as one item of a sequence.
    mutating func expression(_ regex: ContentRegex) throws(RegexGrammarError) -> String {
        try emit(regex, in: .sequenceItem)
    }

    mutating func emit(_ regex: ContentRegex, in context: Context) throws(RegexGrammarError) -> String {
        switch regex {
        case .epsilon:
            return "\"\""
        case .set(let set):
            let alternatives = JSONStringEncoding.alternatives(for: set)
            if alternatives.count == 1 {
                let pieces = alternatives[0]
                let text = GBNFText.sequence(pieces)
                guard context == .quantified else { return text }
                if pieces.allSatisfy(\.isLiteral) {
                    return literalLength(pieces) > 1 ? "(" + text + ")" : text
                }
                if GBNFText.isSingleItem(pieces) { return text }
            }
            return setReference(set, alternatives: alternatives)
        case .sequence(let parts):
            // Single-alternative sets join the sequence so adjacent literals merge.
            var pieces: [GBNFText.Piece] = []
            for part in parts {
                if case .set(let set) = part {
                    let alternatives = JSONStringEncoding.alternatives(for: set)
                    if alternatives.count == 1 {
                        pieces += alternatives[0]
                        continue
                    }
                }
                pieces.append(.item(try emit(part, in: .sequenceItem)))
            }
            let text = GBNFText.sequence(pieces)
            // Only a quantifier operand needs parentheses.
            return context == .quantified ? "(" + text + ")" : text
        case .choice(let parts):
            // Thousands of words (`^(alpha|beta|…)$`) share prefixes, as a large enum does: flat,
            // llama-server's sampler keeps a parse stack per open word and stalls for minutes.
            if parts.count > LiteralTrie.minimumCount, let trie = literalTrie(parts) {
                return context == .alternation ? trie.expression : "(" + trie.expression + ")"
            }
            var alternatives: [String] = []
            for part in parts { alternatives.append(try emit(part, in: .alternation)) }
            let text = alternatives.joined(separator: " | ")
            return context == .alternation ? text : "(" + text + ")"
        case .repeated(let body, let min, let max):
            try checkBounds(min: min, max: max)
            let operand: String
            if body.containsRepetition {
                operand = try rule(for: body)
            } else {
                operand = try emit(body, in: .quantified)
            }
            return operand + quantifier(min: min, max: max)
        }
    }

    /// The trie of a choice whose every branch is a fixed, non-empty text (each character with one
    /// spelling in JSON string text), or nil when a branch is anything else.
    func literalTrie(_ parts: [ContentRegex]) -> LiteralTrie? {
        var texts: [String] = []
        texts.reserveCapacity(parts.count)
        for part in parts {
            let members: [ContentRegex]
            switch part {
            case .set: members = [part]
            case .sequence(let inner): members = inner
            default: return nil
            }
            var text = String.UnicodeScalarView()
            for member in members {
                guard case .set(let set) = member else { return nil }
                let alternatives = JSONStringEncoding.alternatives(for: set)
                guard alternatives.count == 1 else { return nil }
                for piece in alternatives[0] {
                    guard case .literal(let scalars) = piece else { return nil }
                    for value in scalars {
                        guard let scalar = Unicode.Scalar(value) else { return nil }
                        text.append(scalar)
                    }
                }
            }
            guard !text.isEmpty else { return nil }
            texts.append(String(text))
        }
        return LiteralTrie(texts)
    }

    /// Number of characters matched by literal pieces.
    func literalLength(_ pieces: [GBNFText.Piece]) -> Int {
        pieces.reduce(0) { total, piece in
            if case .literal(let scalars) = piece { return total + scalars.count }
            return total
        }
    }

    /// A rule for a set needing several alternatives (or a multi-item one in a quantifier).
    mutating func setReference(_ set: RegexScalarSet, alternatives: [[GBNFText.Piece]]) -> String {
        if let name = setRules[set] { return name }
        let kind: String
        switch set {
        case .all: kind = "char"
        case RegexShorthand.dotScalars: kind = "dot"
        default: kind = "class"
        }
        let name = sink.addRule(
            named: prefix + "-" + kind, body: alternatives.map(GBNFText.sequence).joined(separator: " | "))
        setRules[set] = name
        return name
    }

    mutating func rule(for body: ContentRegex) throws(RegexGrammarError) -> String {
        if let name = groupRules[body] { return name }
        let text = try emit(body, in: .alternation)
        let name = sink.addRule(named: prefix + "-group", body: text)
        groupRules[body] = name
        return name
    }

    func checkBounds(min: Int, max: Int?) throws(RegexGrammarError) {
        let limit = Self.maximumRepetitionBound
        if min > limit || (max ?? 0) > limit {
            let bound = max.map { "{\(min),\($0)}" } ?? "{\(min),}"
            throw RegexGrammarError(
                pattern: source,
                message:
                    "repetition \(bound) exceeds llama.cpp's limit of \(limit) (it rejects counts of 2000 and more)",
                remedy: "use bounds of at most \(limit), or * / + and check the length after generation")
        }
    }

    func quantifier(min: Int, max: Int?) -> String {
        switch (min, max) {
        case (0, nil): return "*"
        case (1, nil): return "+"
        case (0, 1): return "?"
        case (_, nil): return "{\(min),}"
        case (_, let max?) where max == min: return "{\(min)}"
        case (_, let max?): return "{\(min),\(max)}"
        }
    }
}
