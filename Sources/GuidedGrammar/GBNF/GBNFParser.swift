/// The result of parsing GBNF text: rules in the flat encoding, indexed by symbol id.
struct GBNFParsedRules: Sendable {
    /// Rule bodies indexed by symbol id (user rules and generated helper rules).
    var rules: [[GBNFElement]]
    /// The symbol id of `root`.
    var rootID: Int
    /// User-defined rule names in definition order.
    var ruleNames: [String]
    /// Non-fatal findings, each prefixed with `line:column:`.
    var warnings: [String]
}

/// A recursive-descent GBNF parser following llama.cpp's `llama_grammar_parser`.
///
/// It assigns symbol ids the way llama.cpp does (first mention of a name, then one id per group
/// and per repetition helper rule) because llama.cpp's nested-repetition limit counts those ids.
struct GBNFParser {
    /// llama.cpp's `MAX_REPETITION_THRESHOLD`.
    static let repetitionThreshold: UInt64 = 2000

    var scanner: GBNFScanner
    /// Name to symbol id, for user-visible names.
    var symbolIDs: [String: Int] = [:]
    /// Display name per symbol id (generated helpers are named `rule_N` as in llama.cpp).
    var symbolNames: [String] = []
    /// The user rule each symbol belongs to (itself for user rules; the enclosing rule for helpers).
    var owners: [String] = []
    /// Rule bodies by symbol id; `nil` until defined.
    var rules: [[GBNFElement]?] = []
    /// Offset of each user rule's name in its (first) definition.
    var definitionOffsets: [Int: Int] = [:]
    /// Offset of the first reference to each symbol.
    var firstReferences: [Int: Int] = [:]
    /// User rule names in definition order.
    var definitionOrder: [String] = []
    var warnings: [String] = []

    init(_ text: String) {
        scanner = GBNFScanner(text)
    }

    /// Parses and validates the whole grammar.
    mutating func parse() throws(GBNFParseError) -> GBNFParsedRules {
        if let nul = scanner.text.firstIndex(of: 0) {
            throw scanner.error("NUL character in grammar text", at: nul)
        }
        scanner.skipSpace(newlines: true)
        while !scanner.atEnd {
            try parseRule()
        }
        try checkAllRulesDefined()
        if definitionOrder.isEmpty {
            throw GBNFParseError(line: 1, column: 1, message: "grammar defines no rules")
        }
        guard let rootID = symbolIDs["root"] else {
            throw GBNFParseError(line: 1, column: 1, message: "grammar has no 'root' rule")
        }
        let finalRules = rules.map { $0 ?? [] }
        if let warning = try checkLeftRecursion(finalRules) { warnings.append(warning) }
        return GBNFParsedRules(rules: finalRules, rootID: rootID, ruleNames: definitionOrder, warnings: warnings)
    }

    // MARK: Symbols

    /// The id for `name`, allocating the next id on first mention (llama.cpp `get_symbol_id`).
    mutating func symbolID(for name: String) -> Int {
        if let id = symbolIDs[name] { return id }
        let id = symbolNames.count
        symbolIDs[name] = id
        symbolNames.append(name)
        owners.append(name)
        rules.append(nil)
        return id
    }

    /// A fresh id for a helper rule of `owner` (llama.cpp `generate_symbol_id`).
    mutating func generateSymbol(owner: String) -> Int {
        let id = symbolNames.count
        symbolNames.append("\(owner)_\(id)")
        owners.append(owner)
        rules.append(nil)
        return id
    }

    /// llama.cpp's `symbol_ids.size()`.
    var symbolCount: Int { symbolNames.count }

    mutating func warn(_ message: String, at offset: Int) {
        let (line, column) = scanner.location(of: offset)
        warnings.append("\(line):\(column): \(message)")
    }

    // MARK: Rules

    /// `name ::= alternatives` followed by a line break or the end of input.
    mutating func parseRule() throws(GBNFParseError) {
        let nameStart = scanner.position
        let name = try scanner.readName()
        scanner.skipSpace(newlines: false)
        let id = symbolID(for: name)
        guard scanner.at(":"), scanner.peek(1) == 0x3A, scanner.peek(2) == 0x3D else {
            throw scanner.error("expecting '::=' after rule name '\(name)', found \(scanner.found)")
        }
        scanner.position += 3
        scanner.skipSpace(newlines: true)
        if definitionOffsets[id] != nil {
            warn(
                "rule '\(name)' is defined again; the later definition replaces the earlier one (as in llama.cpp)",
                at: nameStart)
        } else {
            definitionOffsets[id] = nameStart
            definitionOrder.append(name)
        }
        try parseAlternatives(owner: name, into: id, nested: false)
        if scanner.at("\r") {
            scanner.position += scanner.peek(1) == 0x0A ? 2 : 1
        } else if scanner.at("\n") {
            scanner.position += 1
        } else if !scanner.atEnd {
            throw scanner.error("expecting end of line after rule '\(name)', found \(scanner.found)")
        }
        scanner.skipSpace(newlines: true)
    }

    /// `sequence ('|' sequence)*`, stored as the body of rule `id`.
    mutating func parseAlternatives(owner: String, into id: Int, nested: Bool) throws(GBNFParseError) {
        var body: [GBNFElement] = []
        try parseSequence(owner: owner, into: &body, nested: nested)
        while scanner.at("|") {
            body.append(.alternative)
            scanner.position += 1
            scanner.skipSpace(newlines: true)
            try parseSequence(owner: owner, into: &body, nested: nested)
        }
        rules[id] = body
    }

    // MARK: Validation

    /// Every referenced name must be defined; reports the earliest reference to an undefined one.
    func checkAllRulesDefined() throws(GBNFParseError) {
        var earliest: (offset: Int, id: Int)?
        for id in 0..<symbolCount where rules[id] == nil {
            let offset = firstReferences[id] ?? 0
            if earliest == nil || offset < earliest!.offset { earliest = (offset, id) }
        }
        if let earliest {
            throw scanner.error("undefined rule '\(symbolNames[earliest.id])'", at: earliest.offset)
        }
    }
}
