public import GuidedSchema

/// Compiles schemas into llama.cpp GBNF grammars that admit exactly the valid outputs for
/// every construct the report calls enforced.
///
/// Policies (each documented in the README's grammar section):
/// - **Key order**: properties appear in schema (declaration) order; optional ones may be left out.
/// - **Whitespace**: none between tokens by default (``GrammarOptions/Whitespace/compact``).
/// - **Closed objects**: an object with declared properties carries only those.
/// - **Strings**: any valid JSON escape in free text; astral characters as raw UTF-8 (no
///   surrogate-pair escapes, so length bounds count code points exactly); patterned strings use
///   the canonical encoding of each character.
/// - **Numbers**: unbounded numbers are any JSON number; bounded numbers and integers are
///   written without exponent, integers without fraction, and never as `-0`.
/// - **Constants and enums**: written in compact JSON with their keys in the given order.
public enum GrammarCompiler {
    /// The most definitions compiled inside one another through `$ref`; deeper is an error.
    package static let maximumReferenceDepth = 256

    /// Compiles `schema`. Throws when no value can satisfy the schema.
    public static func compile(_ schema: GenerationSchema, options: GrammarOptions = GrammarOptions())
        throws(GrammarError) -> CompiledGrammar
    {
        var compilation = GrammarCompilation(schema: schema, options: options)
        return try compilation.run()
    }

    /// Like ``compile(_:options:)`` but served from a process-wide cache keyed by the schema
    /// and options, so a hot request path never compiles the same schema twice. Each grammar
    /// is proven well-formed by `GBNFGrammar` before it is cached.
    public static func cachedCompile(_ schema: GenerationSchema, options: GrammarOptions = GrammarOptions())
        throws(GrammarError) -> CompiledGrammar
    {
        try GrammarCache.shared.grammar(for: schema, options: options)
    }
}

/// One compilation: walks the schema, defining rules and recording the lowering report.
struct GrammarCompilation {
    let schema: GenerationSchema
    let options: GrammarOptions
    var rules = GBNFRules()
    var report: [LoweringReport.Entry] = []
    private var primitives: [String: String] = [:]
    private var definitionRules: [String: String] = [:]
    /// Definitions being compiled inside one another.
    private var referenceDepth = 0
    /// The grounded-text rules' entry, defined once on first use.
    var groundedTextRule: String?
    /// Whether a string has taken the vocabulary's quotations to restate (only the first does).
    var restatementDefined = false
    /// Each enforced format's content rule, defined once on first use.
    var formatRules: [StringFormat: String] = [:]

    init(schema: GenerationSchema, options: GrammarOptions) {
        self.schema = schema
        self.options = options
    }

    mutating func run() throws(GrammarError) -> CompiledGrammar {
        let root = rules.reserve("root")
        let body = try expression(schema.root, name: "root", at: .root)
        if options.completionFrame {
            rules.define(root, CompletionFrame.rule(around: ruleOrInline(body, name: "value")))
        } else {
            rules.define(root, body)
        }
        return CompiledGrammar(gbnf: rules.text, report: LoweringReport(target: "gbnf", entries: report))
    }

    // MARK: Reporting

    mutating func record(
        _ pointer: JSONPointer, _ keyword: String, _ disposition: LoweringReport.Disposition, _ note: String = ""
    ) {
        report.append(.init(pointer, keyword, disposition, note))
    }

    // MARK: Layout

    /// Joins tokens with the whitespace the options allow between them.
    mutating func sequence(_ parts: [String]) -> String {
        let nonEmpty = parts.filter { !$0.isEmpty }
        guard options.whitespace == .pretty else { return nonEmpty.joined(separator: " ") }
        let ws = primitive("ws")
        return nonEmpty.joined(separator: " \(ws) ")
    }

    /// The name of a shared primitive rule, defined on first use.
    mutating func primitive(_ name: String) -> String {
        if let existing = primitives[name] { return existing }
        let ruleName = rules.reserve(name)
        primitives[name] = ruleName
        let body: String
        switch name {
        // `""`, not an empty first alternative: XGrammar (vLLM's and SGLang's engine) refuses those.
        case "ws": body = #""" | " " | "\n" [ \t]{0,20}"#
        case "json-char" where options.plainStrings: body = #"[^"\\\x00-\x1F]"#
        case "json-char":
            body =
                #"[^"\\\x00-\x1F] | "\\" (["\\/bfnrt] | "u" ([0-9a-cA-CefEF] [0-9a-fA-F]{3} | [dD] [0-7] [0-9a-fA-F]{2}))"#
        case "json-string": body = "\"\\\"\" \(primitive("json-char"))* \"\\\"\""
        case "json-integer": body = #""0" | "-"? [1-9] [0-9]*"#
        case "json-number": body = #""-"? ("0" | [1-9] [0-9]*) ("." [0-9]+)? ([eE] [-+]? [0-9]+)?"#
        case "json-boolean": body = #""true" | "false""#
        case "json-null": body = #""null""#
        case "json-value":
            let parts = ["json-object", "json-array", "json-string", "json-number", "json-boolean", "json-null"]
            body = parts.map { primitive($0) }.joined(separator: " | ")
        case "json-object":
            let member = sequence([primitive("json-string"), "\":\"", primitive("json-value")])
            body = sequence(["\"{\"", "(" + member + " (" + sequence(["\",\"", member]) + ")*)?", "\"}\""])
        case "json-array":
            let value = primitive("json-value")
            body = sequence(["\"[\"", "(" + value + " (" + sequence(["\",\"", value]) + ")*)?", "\"]\""])
        default: preconditionFailure("unknown primitive \(name)")
        }
        rules.define(ruleName, body)
        return ruleName
    }

    /// `expression` as a rule of its own (named from `name`) unless it is a single token.
    mutating func ruleOrInline(_ expression: String, name: String) -> String {
        if isSimple(expression) { return expression }
        let ruleName = rules.reserve(name)
        rules.define(ruleName, expression)
        return ruleName
    }

    private func isSimple(_ expression: String) -> Bool {
        if expression.hasPrefix("\"") && expression.hasSuffix("\"")
            && !expression.dropFirst().dropLast().contains("\" ")
        {
            return !expression.contains(" | ")
        }
        return expression.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-"
        }
    }

    // MARK: Nodes

    /// The GBNF expression for `node`; `name` seeds the names of any rules it needs.
    mutating func expression(_ node: SchemaNode, name: String, at pointer: JSONPointer) throws(GrammarError) -> String {
        if node.description != nil { record(pointer, "description", .annotation, "shown to the model") }
        if node.title != nil { record(pointer, "title", .annotation) }
        switch node.kind {
        case .any: return primitive("json-value")
        case .nothing:
            throw GrammarError(
                "no value satisfies this schema", remedy: "remove the false schema or make the property optional",
                at: pointer, unsatisfiable: true)
        case .null: return primitive("json-null")
        case .boolean: return primitive("json-boolean")
        case .string(let constraints): return try stringExpression(constraints, name: name, at: pointer)
        case .integer(let bounds): return try integerExpression(bounds, at: pointer)
        case .number(let bounds): return try numberExpression(bounds, at: pointer)
        case .array(let constraints): return try arrayExpression(constraints, name: name, at: pointer)
        case .object(let constraints): return try objectExpression(constraints, name: name, at: pointer)
        case .constant(let value):
            record(pointer, "const", .enforced)
            return literal(value)
        case .choice(let values):
            record(pointer, "enum", .enforced)
            guard !values.isEmpty else {
                throw GrammarError(
                    "enum has no values", remedy: "list at least one value", at: pointer.appending("enum"))
            }
            var seen: Set<String> = []
            let texts = values.map { $0.jsonText() }.filter { seen.insert($0).inserted }
            if texts.count > LiteralTrie.minimumCount, let trie = LiteralTrie(texts) {
                return "(" + trie.expression + ")"
            }
            let alternatives = texts.map(GBNFSpelling.literal)
            return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " | ") + ")"
        case .anyOf(let branches): return try unionExpression(branches, keyword: "anyOf", name: name, at: pointer)
        case .oneOf(let branches):
            let exclusive = branches.indices.allSatisfy { i in
                branches.indices.allSatisfy { j in
                    i >= j || Disjointness.provablyDisjoint(branches[i], branches[j], in: schema)
                }
            }
            if !exclusive {
                record(pointer, "oneOf", .checkedAfter, "branches may overlap: exactly-one is checked after generation")
            }
            return try unionExpression(branches, keyword: "oneOf", name: name, at: pointer)
        case .allOf(let branches): return try allOfExpression(branches, name: name, at: pointer)
        case .reference(let definition): return try referenceRule(definition, at: pointer)
        case .not(let negated):
            if negated.kind == .any {
                throw GrammarError(
                    "no value satisfies \"not\": {}", remedy: "remove the negation", at: pointer.appending("not"),
                    unsatisfiable: true)
            }
            record(pointer.appending("not"), "not", .checkedAfter, "a grammar cannot exclude a schema")
            return primitive("json-value")
        case .conditional:
            record(pointer.appending("if"), "if", .checkedAfter, "if/then/else is checked after generation")
            return primitive("json-value")
        case .dynamicReference(let reference):
            record(
                pointer.appending("$dynamicRef"), "$dynamicRef", .checkedAfter,
                "the grammar follows the static target; the dynamic one is checked after")
            return try referenceRule(reference.definition, at: pointer)
        case .dynamicScope(_, let inner): return try expression(inner, name: name, at: pointer)
        case .unevaluated(let inner, let unevaluated):
            if unevaluated.properties != nil {
                record(pointer.appending("unevaluatedProperties"), "unevaluatedProperties", .checkedAfter)
            }
            if unevaluated.items != nil {
                record(pointer.appending("unevaluatedItems"), "unevaluatedItems", .checkedAfter)
            }
            return try expression(inner, name: name, at: pointer)
        }
    }

    /// A JSON value spelled as a GBNF literal (compact JSON, keys in the given order).
    func literal(_ value: GeneratedContent) -> String { GBNFSpelling.literal(value.jsonText()) }

    private mutating func unionExpression(
        _ branches: [SchemaNode], keyword: String, name: String, at pointer: JSONPointer
    ) throws(GrammarError) -> String {
        var alternatives: [String] = []
        for (index, branch) in branches.enumerated() where branch.kind != .nothing {
            let branchName = branch.kind == .null ? "null" : "\(name)-\(index)"
            let branchExpression: String
            do {
                branchExpression = try expression(
                    branch, name: branchName, at: pointer.appending(keyword).appending(index))
            } catch  where error.isUnsatisfiable {
                continue
            }
            let alternative = ruleOrInline(branchExpression, name: branchName)
            if !alternatives.contains(alternative) { alternatives.append(alternative) }
        }
        if keyword == "anyOf" {
            record(pointer, "anyOf", .enforced)
        } else if !report.contains(where: { $0.pointer == pointer && $0.keyword == "oneOf" }) {
            record(pointer, "oneOf", .enforced, "branches are provably disjoint")
        }
        guard !alternatives.isEmpty else {
            throw GrammarError(
                "no branch of \(keyword) can be satisfied", remedy: "add a satisfiable branch",
                at: pointer.appending(keyword), unsatisfiable: true)
        }
        return alternatives.count == 1 ? alternatives[0] : "(" + alternatives.joined(separator: " | ") + ")"
    }

    private mutating func referenceRule(_ definition: String, at pointer: JSONPointer) throws(GrammarError) -> String {
        if let rule = definitionRules[definition] { return rule }
        guard let node = schema.definition(named: definition) else {
            throw GrammarError(
                "reference to the missing definition \(definition)", remedy: "add it to $defs",
                at: pointer.appending("$ref"))
        }
        // Each definition compiled inside another is a few stack frames: a chain of 2,000
        // definitions overflowed the stack (SIGSEGV).
        guard referenceDepth < GrammarCompiler.maximumReferenceDepth else {
            throw GrammarError(
                "$ref chains nest more than \(GrammarCompiler.maximumReferenceDepth) definitions deep",
                remedy: "refer to fewer definitions in a row", at: pointer.appending("$ref"))
        }
        referenceDepth += 1
        defer { referenceDepth -= 1 }
        let rule = rules.reserve(definition)
        definitionRules[definition] = rule
        let body = try expression(node, name: rule, at: JSONPointer(tokens: ["$defs", definition]))
        rules.define(rule, body)
        record(pointer, "$ref", .enforced)
        return rule
    }
}
