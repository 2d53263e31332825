/// Reads one JSON Schema document (and the documents it refers to); see
/// ``GenerationSchema/fromJSONSchema(_:options:)``.
struct JSONSchemaImporter {
    /// Where the node being read sits, and how to read it.
    struct Context {
        var document = 0
        var base = URIReference("")
        var resource = ""
        var reading = DialectReading.undeclared
        /// The definition being read ("" for the root schema), for reference-cycle edges.
        var definition = ""
        /// Whether the node applies to the same instance as its definition's root (not under
        /// `properties`, `items`, …): a reference from here back to that definition never ends.
        var inPlace = true
    }

    let document: GeneratedContent
    let options: JSONSchemaImportOptions
    var warnings: [SchemaError] = []
    var ignored: [LoweringReport.Entry] = []
    var index = SchemaIndex()
    var context = Context()
    /// Definition names by location, and the definitions in creation order.
    var names: [SchemaLocation: String] = [:]
    var usedNames: Set<String> = []
    var order: [(name: String, location: SchemaLocation)] = []
    var imported: [String: SchemaNode] = [:]
    /// Documents already asked for (found or not).
    var retrieved: [String: Int?] = [:]
    /// References made in place, by definition: the material for the cycle check.
    var edges: [String: [(target: String, site: JSONPointer)]] = [:]
    /// Subschemas being read inside one another, at most ``maximumNesting``.
    var nesting = 0
    static let maximumNesting = 128

    init(document: GeneratedContent, options: JSONSchemaImportOptions) {
        self.document = document
        self.options = options
    }

    mutating func run() throws(SchemaError) -> GenerationSchema {
        let base = URIReference(options.baseURI ?? JSONSchemaImportOptions.defaultBaseURI)
        let assumed = options.assumedDraft.map { DialectReading(dialect: $0.dialect, declared: true) } ?? .undeclared
        let root = index.add(document, uri: base, reading: assumed, metaSchema: metaSchemaReader)
        try refuseDuplicateAnchor()
        for container in ["$defs", "definitions"] {
            guard let value = document[container] else { continue }
            guard let defs = value.properties else {
                throw invalid(
                    "\(container) must be an object of named schemas", at: JSONPointer(tokens: [container]),
                    remedy: "write \"\(container)\": {\"Name\": {…}}")
            }
            for def in defs {
                _ = definitionName(
                    for: SchemaLocation(document: root, pointer: JSONPointer(tokens: [container, def.name])))
            }
        }
        context = rootContext(for: SchemaLocation(document: root, pointer: .root))
        let rootNode = try node(document, at: .root)
        var position = 0
        while position < order.count {
            let (name, location) = order[position]
            if imported[name] == nil { imported[name] = try definition(name, at: location) }
            position += 1
        }
        try checkReferenceCycles()
        var schema = GenerationSchema(root: rootNode, definitions: order.map { .init($0.name, imported[$0.name]!) })
        schema.examples = try JSONSchemaExamples.read(document, against: schema, importer: &self)
        schema.adapter = try JSONSchemaAdapter.read(document, importer: self)
        return schema
    }

    /// The context at the start of reading `location` as the root of `definition`.
    func rootContext(for location: SchemaLocation, definition: String = "") -> Context {
        let scope = index.scope(at: location)
        return Context(
            document: location.document, base: scope.base, resource: scope.resource, reading: scope.reading,
            definition: definition, inPlace: true)
    }

    private mutating func definition(_ name: String, at location: SchemaLocation) throws(SchemaError) -> SchemaNode {
        guard let value = index.value(at: location) else {
            throw SchemaError(
                .danglingReference, "$ref points to #\(location.pointer), which does not exist",
                remedy: "point $ref at an existing definition, e.g. #/$defs/Name", at: location.pointer)
        }
        context = rootContext(for: location, definition: name)
        let node: SchemaNode
        do {
            node = try self.node(value, at: location.pointer)
        } catch  where location.document != 0 {
            // Name the other document: the pointer is into it, not into the schema being read.
            var located = error
            located.message = "in \(index.documents[location.document].uri.text): " + error.message
            throw located
        }
        // A reference into the inside of a resource enters that resource's dynamic scope too.
        if index.resourceRoots[location] == nil, let scope = dynamicScope(of: context.resource) {
            return SchemaNode(.dynamicScope(scope, node))
        }
        return node
    }

    // MARK: Nodes

    /// The node for the schema `value` found at `pointer` of the current document.
    mutating func node(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode {
        if let flag = value.boolValue { return flag ? .any : .nothing }
        guard let keywords = value.properties else {
            throw invalid(
                "a schema must be an object or a boolean, not \(value.jsonTypeName)", at: pointer,
                remedy: "write {} for any value, or an object with \"type\"")
        }
        let saved = context
        defer { context = saved }
        let location = SchemaLocation(document: context.document, pointer: pointer)
        let isResourceRoot = index.resourceRoots[location] != nil
        if isResourceRoot || value["$schema"] != nil {
            let scope = index.scope(at: location)
            (context.base, context.resource, context.reading) = (scope.base, scope.resource, scope.reading)
        }
        var skipped: Set<String> = []
        for keyword in keywords {
            guard let reason = context.reading.ignoredReason(keyword.name) else { continue }
            skipped.insert(keyword.name)
            try ignore(keyword.name, at: pointer.appending(keyword.name), reason)
        }
        var result: SchemaNode
        if context.reading.declared, context.reading.dialect.referenceOverridesSiblings, let ref = value["$ref"] {
            // Drafts 4 to 7: "$ref" replaces the whole schema object.
            for keyword in keywords
            where !skipped.contains(keyword.name) && !JSONSchemaKeywords.annotations.contains(keyword.name)
                && keyword.name != "$ref"
            {
                try ignore(
                    keyword.name, at: pointer.appending(keyword.name),
                    "beside \"$ref\" in \(context.reading.dialect), other keywords are ignored")
            }
            result = try reference(ref, at: pointer)
        } else {
            result = try assertions(value, skipping: skipped, at: pointer)
        }
        if !skipped.contains("title") { result.title = try annotationText(value, "title", at: pointer) }
        if !skipped.contains("description") {
            result.description = try annotationText(value, "description", at: pointer)
        }
        if isResourceRoot, let scope = dynamicScope(of: context.resource) {
            result = SchemaNode(.dynamicScope(scope, result), title: result.title, description: result.description)
        }
        return result
    }

    /// Every constraint of a schema object, as one node (an `allOf` of its parts).
    private mutating func assertions(_ value: GeneratedContent, skipping skipped: Set<String>, at pointer: JSONPointer)
        throws(SchemaError) -> SchemaNode
    {
        func has(_ keyword: String) -> GeneratedContent? { skipped.contains(keyword) ? nil : value[keyword] }
        var parts: [SchemaNode] = []
        if let base = try typedBase(value, skipping: skipped, at: pointer) { parts.append(base) }
        if let values = has("enum") {
            guard let elements = values.arrayValue else {
                throw invalid(
                    "enum must be an array", at: pointer.appending("enum"), remedy: "write \"enum\": [\"a\", \"b\"]")
            }
            parts.append(SchemaNode(.choice(elements)))
        }
        if let constant = has("const") { parts.append(SchemaNode(.constant(constant))) }
        for keyword in ["allOf", "anyOf", "oneOf"] {
            guard let list = has(keyword) else { continue }
            let branches = try subschemas(list, keyword: keyword, at: pointer)
            switch keyword {
            case "anyOf": parts.append(SchemaNode(.anyOf(branches)))
            case "oneOf": parts.append(SchemaNode(.oneOf(branches)))
            default: parts.append(SchemaNode(.allOf(branches)))
            }
        }
        if let ref = has("$ref") { parts.append(try reference(ref, at: pointer)) }
        if let ref = has("$dynamicRef") { parts.append(try dynamicReference(ref, at: pointer)) }
        if let ref = has("$recursiveRef") { parts.append(try reference(ref, at: pointer, keyword: "$recursiveRef")) }
        if let negated = has("not") {
            let inner = try node(negated, at: pointer.appending("not"))
            // `{"not": {}}` is the object form of `false` (the exporter writes it for `.nothing`).
            if inner == .any {
                parts.append(.nothing)
            } else if inner == .nothing {
                parts.append(.any)
            } else {
                parts.append(SchemaNode(.not(inner)))
            }
        }
        if let condition = has("if") {
            let then =
                try has("then").map { v throws(SchemaError) in try node(v, at: pointer.appending("then")) } ?? .any
            let otherwise =
                try has("else").map { v throws(SchemaError) in try node(v, at: pointer.appending("else")) } ?? .any
            parts.append(
                SchemaNode(
                    .conditional(if: try node(condition, at: pointer.appending("if")), then: then, else: otherwise)))
        } else {
            for keyword in ["then", "else"] where has(keyword) != nil {
                try ignore(keyword, at: pointer.appending(keyword), "\"\(keyword)\" without \"if\" has no effect")
            }
        }
        var result: SchemaNode
        switch parts.count {
        case 0: result = .any
        case 1: result = parts[0]
        default: result = SchemaNode(.allOf(parts))
        }
        let unevaluatedProperties = has("unevaluatedProperties")
        let unevaluatedItems = has("unevaluatedItems")
        if unevaluatedProperties != nil || unevaluatedItems != nil {
            let inPlace = context.inPlace
            context.inPlace = false
            defer { context.inPlace = inPlace }
            let properties = try unevaluatedProperties.map { v throws(SchemaError) in
                try node(v, at: pointer.appending("unevaluatedProperties"))
            }
            let items = try unevaluatedItems.map { v throws(SchemaError) in
                try node(v, at: pointer.appending("unevaluatedItems"))
            }
            result = SchemaNode(.unevaluated(result, UnevaluatedConstraints(properties: properties, items: items)))
        }
        return result
    }

    mutating func subschemas(_ list: GeneratedContent, keyword: String, at pointer: JSONPointer) throws(SchemaError)
        -> [SchemaNode]
    {
        guard let elements = list.arrayValue, !elements.isEmpty else {
            throw invalid(
                "\(keyword) must be a non-empty array of schemas", at: pointer.appending(keyword),
                remedy: "write \"\(keyword)\": [{…}, {…}]")
        }
        var nodes: [SchemaNode] = []
        for (index, element) in elements.enumerated() {
            nodes.append(try node(element, at: pointer.appending(keyword).appending(index)))
        }
        return nodes
    }

    /// Reads a subschema that applies to a part of the instance (a property value, an element),
    /// not to the instance itself.
    mutating func nested(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode {
        // Each level is a few stack frames: 500 nested arrays (valid JSON) overflowed the stack
        // of a dispatch thread (SIGSEGV) in `guided compile`.
        guard nesting < Self.maximumNesting else {
            throw SchemaError(
                .invalidValue, "schemas nest more than \(Self.maximumNesting) levels deep",
                remedy: "move inner schemas to $defs and refer to them", at: pointer)
        }
        nesting += 1
        defer { nesting -= 1 }
        let inPlace = context.inPlace
        context.inPlace = false
        defer { context.inPlace = inPlace }
        return try node(value, at: pointer)
    }

    // MARK: Reporting

    /// Lists an ignored keyword, or refuses it in strict mode.
    mutating func ignore(_ keyword: String, at pointer: JSONPointer, _ reason: String) throws(SchemaError) {
        if options.strict {
            throw SchemaError(
                .unsupportedKeyword, "keyword \"\(keyword)\" is ignored: \(reason)",
                remedy: "remove it, or import without strict mode to accept it as an annotation", at: pointer)
        }
        ignored.append(.init(pointer, keyword, .ignored, reason))
    }

    /// The error for an anchor two schemas of one resource declare, if the index met one: at
    /// the second declaration, naming the first (and the document, when it is not this one).
    func refuseDuplicateAnchor() throws(SchemaError) {
        guard let duplicate = index.duplicateAnchor else { return }
        throw duplicateError(duplicate)
    }

    /// The error for `duplicate`: at its second declaration, naming the first (and the document,
    /// when it is not this one).
    func duplicateError(_ duplicate: DuplicateAnchor) -> SchemaError {
        let document = duplicate.second.document
        let second = duplicate.second.pointer.appending(duplicate.keyword)
        let what =
            duplicate.isResource
            ? "the schema resource \"\(duplicate.name)\" is declared twice"
            : "the anchor \"\(duplicate.name)\" (\(duplicate.keyword)) is declared twice in one schema resource"
        let message = "\(what): at #\(duplicate.first.pointer) and "
        return SchemaError(
            .duplicateAnchor,
            document == 0 ? message + "here" : "in \(index.documents[document].uri.text): \(message)at #\(second)",
            remedy: duplicate.isResource
                ? "give each $id its own URI, and point each $ref at the one it means"
                : "give each \(duplicate.keyword) its own name, and point each $ref at the one it means",
            at: document == 0 ? second : .root)
    }

    func invalid(_ message: String, at pointer: JSONPointer, remedy: String) -> SchemaError {
        SchemaError(.invalidKeywordValue, message, remedy: remedy, at: pointer)
    }

    /// A `title` or `description`; a value that is not a string is listed as ignored.
    mutating func annotationText(_ value: GeneratedContent, _ keyword: String, at pointer: JSONPointer)
        throws(SchemaError) -> String?
    {
        guard let field = value[keyword] else { return nil }
        guard let text = field.stringValue else {
            try ignore(keyword, at: pointer.appending(keyword), "\(keyword) is not a string")
            return nil
        }
        return text
    }
}
