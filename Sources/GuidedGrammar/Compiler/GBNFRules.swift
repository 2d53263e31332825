/// The rules of a grammar under construction: unique, readable, stable names in creation order.
struct GBNFRules: GBNFRuleSink {
    private(set) var ordered: [(name: String, body: String)] = []
    private var names: Set<String> = []
    /// The first rule defined with each body, so ``addRule(named:body:)`` finds a rule to reuse
    /// in constant time (a scan of `ordered` made compiling a schema with thousands of rules
    /// quadratic).
    private var nameByBody: [String: String] = [:]

    /// A rule name made from `base`: letters, digits and dashes only, unique in this grammar.
    mutating func reserve(_ base: String) -> String {
        var cleaned = ""
        var lastWasDash = false
        for scalar in base.unicodeScalars {
            let ok =
                (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
            if ok {
                cleaned.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                cleaned += "-"
                lastWasDash = true
            }
        }
        while cleaned.hasSuffix("-") { cleaned.removeLast() }
        while cleaned.hasPrefix("-") { cleaned.removeFirst() }
        if cleaned.isEmpty { cleaned = "rule" }
        var name = cleaned
        var suffix = 2
        while names.contains(name) {
            name = "\(cleaned)-\(suffix)"
            suffix += 1
        }
        names.insert(name)
        return name
    }

    /// Defines a reserved rule.
    mutating func define(_ name: String, _ body: String) {
        ordered.append((name, body))
        if nameByBody[body] == nil { nameByBody[body] = name }
    }

    /// Reserves a name from `suggestedName` and defines it (the regex translator's sink).
    mutating func addRule(named suggestedName: String, body: String) -> String {
        if let existing = nameByBody[body] { return existing }
        let name = reserve(suggestedName)
        define(name, body)
        return name
    }

    /// The grammar text, `root` first, one rule per line.
    var text: String {
        let sorted = ordered.filter { $0.name == "root" } + ordered.filter { $0.name != "root" }
        return sorted.map { "\($0.name) ::= \($0.body)" }.joined(separator: "\n") + "\n"
    }
}

/// GBNF spelling helpers.
enum GBNFSpelling {
    /// A GBNF string literal for `text`.
    static func literal(_ text: String) -> String {
        GBNFText.literal(text.unicodeScalars.map(\.value))
    }

    /// `item` occurring between `min` and `max` times (nil = unbounded); `item` alone when exactly
    /// once.
    ///
    /// llama.cpp refuses counts above ``GrammarOptions/maximumRepetition`` (L), so larger ones are
    /// spelled in chunks of L, exactly: `item{m}` as `(item{L}){m / L} item{m % L}`, and "up to
    /// e more" as `((item{L}){0,q-1} item{0,L-1} | (item{L}){q} item{0,r})` for e = qL + r. The
    /// grammar grows with L and the number of chunks, not with the count.
    static func repeated(_ item: String, min: Int, max: Int?) -> String {
        let limit = GrammarOptions.maximumRepetition
        if min <= limit && (max ?? 0) <= limit { return counted(item, min: min, max: max) }
        let required = exactly(item, min)
        guard let max else { return joined(required, item + "*") }
        return joined(required, upTo(item, max - min))
    }

    /// `item` exactly `count` times, in chunks when the count is above the limit ("" for none).
    private static func exactly(_ item: String, _ count: Int) -> String {
        let limit = GrammarOptions.maximumRepetition
        if count == 0 { return "" }
        if count <= limit { return counted(item, min: count, max: count) }
        let chunk = "(" + item + "{\(limit)})"
        return joined(exactly(chunk, count / limit), exactly(item, count % limit))
    }

    /// `item` from zero to `count` times, in chunks when the count is above the limit.
    private static func upTo(_ item: String, _ count: Int) -> String {
        let limit = GrammarOptions.maximumRepetition
        if count == 0 { return "" }
        if count <= limit { return counted(item, min: 0, max: count) }
        let chunk = "(" + item + "{\(limit)})"
        let chunks = count / limit
        // Fewer than `chunks` whole chunks and any shorter rest, or exactly `chunks` and the remainder.
        let fewer = joined(upTo(chunk, chunks - 1), counted(item, min: 0, max: limit - 1))
        let all = joined(exactly(chunk, chunks), upTo(item, count % limit))
        return "(" + fewer + " | " + all + ")"
    }

    private static func joined(_ parts: String...) -> String { parts.filter { !$0.isEmpty }.joined(separator: " ") }

    /// The plain GBNF repetition suffix, for counts within llama.cpp's limit.
    private static func counted(_ item: String, min: Int, max: Int?) -> String {
        switch (min, max) {
        case (1, 1?): return item
        case (0, 1?): return item + "?"
        case (0, nil): return item + "*"
        case (1, nil): return item + "+"
        case (let m, nil): return item + "{\(m),}"
        case (let m, let n?) where m == n: return item + "{\(m)}"
        case (let m, let n?): return item + "{\(m),\(n)}"
        }
    }
}
