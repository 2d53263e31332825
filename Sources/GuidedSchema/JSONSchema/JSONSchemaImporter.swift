/// Options for reading a JSON Schema document.
public struct JSONSchemaImportOptions: Sendable {
    /// Accept keywords and formats Guided cannot enforce or check, reporting each as a warning
    /// instead of failing. Off by default: nothing is ever silently ignored.
    public var allowUnsupported: Bool
    /// The file the document came from, used in error locations.
    public var file: String?

    /// Creates options.
    public init(allowUnsupported: Bool = false, file: String? = nil) {
        self.allowUnsupported = allowUnsupported
        self.file = file
    }
}

/// A schema read from a JSON Schema document, with warnings for whatever was accepted but
/// cannot be checked (only when ``JSONSchemaImportOptions/allowUnsupported`` is on).
public struct ImportedSchema: Sendable {
    /// The schema.
    public var schema: GenerationSchema
    /// Keywords accepted but neither enforced nor checked, each located.
    public var warnings: [SchemaError]
}

extension GenerationSchema {
    /// Reads a JSON Schema (draft 2020-12, the subset that matters for generation) into the
    /// schema model. Throws a located ``SchemaError`` for anything malformed, contradictory
    /// or unsupported.
    public static func fromJSONSchema(
        _ document: GeneratedContent, options: JSONSchemaImportOptions = JSONSchemaImportOptions()
    ) throws(SchemaError) -> ImportedSchema {
        var importer = JSONSchemaImporter(document: document, options: options)
        do {
            let schema = try importer.run()
            return ImportedSchema(schema: schema, warnings: importer.warnings)
        } catch {
            throw options.file.map { error.inFile($0) } ?? error
        }
    }
}

/// Reads one JSON Schema document; see ``GenerationSchema/fromJSONSchema(_:options:)``.
struct JSONSchemaImporter {
    let document: GeneratedContent
    let options: JSONSchemaImportOptions
    var warnings: [SchemaError] = []
    /// Definition name for each referenced pointer.
    private var names: [JSONPointer: String] = [:]
    private var imported: [String: SchemaNode] = [:]
    private var order: [String] = []

    init(document: GeneratedContent, options: JSONSchemaImportOptions) {
        self.document = document
        self.options = options
    }

    mutating func run() throws(SchemaError) -> GenerationSchema {
        for container in ["$defs", "definitions"] {
            guard let value = document[container] else { continue }
            guard let defs = value.properties else {
                throw invalid("\(container) must be an object of named schemas", at: JSONPointer(tokens: [container]),
                              remedy: "write \"\(container)\": {\"Name\": {…}}")
            }
            for def in defs {
                _ = try definitionName(for: JSONPointer(tokens: [container, def.name]))
            }
        }
        let root = try node(document, at: .root)
        var index = 0
        while index < order.count {
            let name = order[index]
            if imported[name] == nil {
                let pointer = names.first { $0.value == name }!.key
                imported[name] = try node(try resolve(pointer, from: pointer), at: pointer)
            }
            index += 1
        }
        return GenerationSchema(root: root, definitions: order.map { .init($0, imported[$0]!) })
    }

    // MARK: References

    private mutating func definitionName(for pointer: JSONPointer) throws(SchemaError) -> String {
        if let name = names[pointer] { return name }
        var base: String
        if pointer.tokens.count == 2, pointer.tokens[0] == "$defs" || pointer.tokens[0] == "definitions" {
            base = pointer.tokens[1]
        } else {
            base = pointer.tokens.isEmpty ? "root" : pointer.description
        }
        var name = base
        var suffix = 2
        while names.values.contains(name) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        names[pointer] = name
        order.append(name)
        return name
    }

    private func resolve(_ pointer: JSONPointer, from site: JSONPointer) throws(SchemaError) -> GeneratedContent {
        var current = document
        for token in pointer.tokens {
            if let next = current[token] {
                current = next
            } else if let index = Int(token), let next = current[index] {
                current = next
            } else {
                throw SchemaError(
                    .danglingReference, "$ref points to #\(pointer), which does not exist",
                    remedy: "point $ref at an existing definition, e.g. #/$defs/Name", at: site.appending("$ref"))
            }
        }
        return current
    }

    private mutating func reference(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode {
        let site = pointer.appending("$ref")
        guard let text = value.stringValue else {
            throw invalid("$ref must be a string", at: site, remedy: "write \"$ref\": \"#/$defs/Name\"")
        }
        guard text.hasPrefix("#"), let target = JSONPointer(percentDecoded(String(text.dropFirst()))) else {
            throw SchemaError(
                .danglingReference, "$ref \"\(text)\" is not a JSON Pointer into this document",
                remedy: "copy the referenced schema into $defs and use \"#/$defs/Name\"", at: site)
        }
        _ = try resolve(target, from: pointer)
        return .reference(try definitionName(for: target))
    }

    private func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Nodes

    mutating func node(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode {
        if let flag = value.boolValue { return flag ? .any : .nothing }
        guard let keywords = value.properties else {
            throw invalid("a schema must be an object or a boolean, not \(value.jsonTypeName)", at: pointer,
                          remedy: "write {} for any value, or an object with \"type\"")
        }
        try checkKnown(keywords, at: pointer)
        var parts: [SchemaNode] = []
        if let base = try typedBase(value, at: pointer) { parts.append(base) }
        if let values = value["enum"] {
            guard let elements = values.arrayValue else {
                throw invalid("enum must be an array", at: pointer.appending("enum"), remedy: "write \"enum\": [\"a\", \"b\"]")
            }
            parts.append(SchemaNode(.choice(elements)))
        }
        if let constant = value["const"] { parts.append(SchemaNode(.constant(constant))) }
        for keyword in ["anyOf", "oneOf", "allOf"] {
            guard let list = value[keyword] else { continue }
            let branches = try subschemas(list, keyword: keyword, at: pointer)
            switch keyword {
            case "anyOf": parts.append(SchemaNode(.anyOf(branches)))
            case "oneOf": parts.append(SchemaNode(.oneOf(branches)))
            default: parts.append(SchemaNode(.allOf(branches)))
            }
        }
        if let ref = value["$ref"] { parts.append(try reference(ref, at: pointer)) }
        if let negated = value["not"] { parts.append(try negation(negated, at: pointer.appending("not"))) }

        var result: SchemaNode
        switch parts.count {
        case 0: result = .any
        case 1: result = parts[0]
        default: result = SchemaNode(.allOf(parts))
        }
        result.title = try optionalString(value, "title", at: pointer)
        result.description = try optionalString(value, "description", at: pointer)
        return result
    }

    private mutating func subschemas(_ list: GeneratedContent, keyword: String, at pointer: JSONPointer) throws(SchemaError) -> [SchemaNode] {
        guard let elements = list.arrayValue, !elements.isEmpty else {
            throw invalid("\(keyword) must be a non-empty array of schemas", at: pointer.appending(keyword),
                          remedy: "write \"\(keyword)\": [{…}, {…}]")
        }
        var nodes: [SchemaNode] = []
        for (index, element) in elements.enumerated() {
            nodes.append(try node(element, at: pointer.appending(keyword).appending(index)))
        }
        return nodes
    }

    /// `not` is supported only in the form `{"not": {}}` (no value), which the exporter writes for `.nothing`.
    private mutating func negation(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode {
        if value.boolValue == true || value.properties?.isEmpty == true { return .nothing }
        try unsupported("keyword \"not\" is supported only as {\"not\": {}}", at: pointer,
                        remedy: JSONSchemaKeywords.remedies["not"]!)
        return .any
    }

    private mutating func checkKnown(_ keywords: [GeneratedContent.Property], at pointer: JSONPointer) throws(SchemaError) {
        for keyword in keywords where !JSONSchemaKeywords.supported.contains(keyword.name) && keyword.name != "not" {
            if keyword.name == "$id", pointer.tokens.isEmpty { continue }
            let remedy = JSONSchemaKeywords.remedies[keyword.name]
                ?? "remove \"\(keyword.name)\", or pass --allow-unsupported to accept it unchecked"
            try unsupported("keyword \"\(keyword.name)\" is not supported", at: pointer.appending(keyword.name), remedy: remedy)
        }
    }

    mutating func unsupported(_ message: String, at pointer: JSONPointer, remedy: String) throws(SchemaError) {
        let error = SchemaError(.unsupportedKeyword, message, remedy: remedy, at: pointer, file: options.file)
        guard options.allowUnsupported else { throw error }
        warnings.append(error)
    }

    func invalid(_ message: String, at pointer: JSONPointer, remedy: String) -> SchemaError {
        SchemaError(.invalidKeywordValue, message, remedy: remedy, at: pointer)
    }

    func optionalString(_ value: GeneratedContent, _ keyword: String, at pointer: JSONPointer) throws(SchemaError) -> String? {
        guard let field = value[keyword] else { return nil }
        guard let text = field.stringValue else {
            throw invalid("\(keyword) must be a string", at: pointer.appending(keyword), remedy: "write \"\(keyword)\": \"…\"")
        }
        return text
    }
}
