/// Where a schema sits: a document of the import and a JSON Pointer into it.
struct SchemaLocation: Hashable, Sendable {
    var document: Int
    var pointer: JSONPointer
}

/// An anchor that two schemas of one resource declare (`$anchor`, `$dynamicAnchor`, a draft-07
/// `"$id": "#name"`), or a resource URI that two schemas declare with `$id`.
struct DuplicateAnchor {
    /// The anchor's name, or the resource's URI for `$id`.
    let name: String
    /// Where it was declared first.
    let first: SchemaLocation
    /// Where it was declared again.
    let second: SchemaLocation
    /// The keyword that declared it again: `$anchor`, `$dynamicAnchor`, or `$id` (for a
    /// draft-07 `"$id": "#name"`, or a resource).
    let keyword: String
    /// Whether a resource URI, not an anchor, was declared twice.
    var isResource = false
}

/// Every document an import reads and every identifier declared in them: schema resources
/// (`$id`, draft-04 `id`), plain-name anchors (`$anchor`, draft-06/07 `$id: "#name"`) and
/// dynamic anchors (`$dynamicAnchor`). Built before any schema is read, so references may
/// point forward and into other documents.
struct SchemaIndex {
    /// A schema object that starts a resource or changes the dialect, and what holds below it.
    struct Scope {
        let tokens: [String]
        let base: URIReference
        let resource: String
        let reading: DialectReading
    }

    /// One document.
    struct Document {
        let uri: URIReference
        let content: GeneratedContent
        fileprivate(set) var scopes: [Scope]
    }

    private(set) var documents: [Document] = []
    /// Resource URIs (without fragment) to the schema that is the resource.
    private(set) var resources: [String: SchemaLocation] = [:]
    /// `resource#name` to the schema declaring the anchor.
    private(set) var anchors: [String: SchemaLocation] = [:]
    /// The first plain-name anchor declared by two schemas of one resource, if any: the importer
    /// refuses it, since a reference to it could mean either.
    private(set) var duplicateAnchor: DuplicateAnchor?
    /// Resource URIs that two different schemas declare where that is not refused outright (an
    /// older or undeclared dialect, whose ids are often repeated annotations): a reference to one
    /// could mean either, so the importer refuses the reference (``JSONSchemaImporter/resolve(_:site:)``).
    private(set) var ambiguousResources: [String: DuplicateAnchor] = [:]
    /// Resource URI to the dynamic anchors it declares.
    private(set) var dynamicAnchors: [String: [String: SchemaLocation]] = [:]
    /// Schemas that are the root of a resource, to its URI.
    private(set) var resourceRoots: [SchemaLocation: String] = [:]
    /// Every schema object the walk met, by location: a reference is then one lookup instead of a
    /// scan of each object on its way (10,000 definitions referring to each other took 20 s).
    private var schemas: [SchemaLocation: GeneratedContent] = [:]
    /// `resource#name` to the first schema declaring it with `$anchor` (or `"$id": "#name"`).
    private var plainAnchors: [String: SchemaLocation] = [:]

    /// Indexes `content` as the document at `uri`, read as `reading` unless it says otherwise
    /// (`metaSchema` reads a `$schema` URI); returns the document's number.
    mutating func add(
        _ content: GeneratedContent, uri: URIReference, reading: DialectReading,
        metaSchema: (String) -> DialectReading
    ) -> Int {
        let number = documents.count
        let resource = uri.withoutFragment
        documents.append(
            Document(
                uri: resource, content: content,
                scopes: [Scope(tokens: [], base: resource, resource: resource.text, reading: reading)]))
        register(resource: resource.text, at: SchemaLocation(document: number, pointer: .root))
        var tokens: [String] = []
        walk(
            content, document: number, tokens: &tokens, base: resource, resource: resource.text, reading: reading,
            metaSchema: metaSchema)
        return number
    }

    /// The base URI, resource and reading in effect at `location`.
    func scope(at location: SchemaLocation) -> Scope {
        let scopes = documents[location.document].scopes
        var best = scopes[0]
        for scope in scopes.dropFirst()
        where scope.tokens.count >= best.tokens.count && location.pointer.tokens.starts(with: scope.tokens) {
            best = scope
        }
        return best
    }

    /// The schema value at `location`, if the pointer leads somewhere.
    func value(at location: SchemaLocation) -> GeneratedContent? {
        if let schema = schemas[location] { return schema }
        var current = documents[location.document].content
        for token in location.pointer.tokens {
            if let next = current[token] {
                current = next
            } else if let index = Int(token), String(index) == token, let next = current[index] {
                current = next
            } else {
                return nil
            }
        }
        return current
    }

    /// Records the anchor `name` of `resource`, declared by `keyword` at `location`, and the
    /// first anchor that two schemas of one resource declare.
    private mutating func declareAnchor(
        _ name: String, in resource: String, keyword: String, at location: SchemaLocation
    ) {
        let key = resource + "#" + name
        if let first = plainAnchors[key], first != location {
            if duplicateAnchor == nil {
                duplicateAnchor = DuplicateAnchor(name: name, first: first, second: location, keyword: keyword)
            }
        } else {
            plainAnchors[key] = location
        }
        anchors[key] = location
    }

    private mutating func register(resource: String, at location: SchemaLocation) {
        if resources[resource] == nil { resources[resource] = location }
        resourceRoots[location] = resource
    }

    private mutating func walk(
        _ value: GeneratedContent, document: Int, tokens: inout [String], base: URIReference, resource: String,
        reading: DialectReading, metaSchema: (String) -> DialectReading
    ) {
        guard let properties = value.properties else { return }
        var base = base
        var resource = resource
        var reading = reading
        let location = SchemaLocation(document: document, pointer: JSONPointer(tokens: tokens))
        // The first of two equal keys is the one a pointer reaches.
        if schemas[location] == nil { schemas[location] = value }
        var changed = false
        let identifier = reading.declared ? reading.dialect.identifierKeyword : "$id"
        let idIgnored = reading.dialect.referenceOverridesSiblings && value["$ref"] != nil
        if let id = value[identifier]?.stringValue, !idIgnored {
            if id.hasPrefix("#") {
                // Draft-06/07 `"$id": "#name"` (and draft-04 `id`) is a plain-name anchor.
                if reading.dialect <= .draft7 {
                    declareAnchor(String(id.dropFirst()), in: resource, keyword: identifier, at: location)
                }
            } else {
                base = URIReference(id).resolved(against: base).withoutFragment
                resource = base.text
                // Refused where a schema declares 2019-09 or later, in which `$id` only names
                // resources; older and undeclared drafts' ids are often repeated annotations in
                // real schemas (the first one stays the resource), so there only a reference to
                // an id that two different schemas declare is refused.
                if let first = resources[resource], first != location {
                    let duplicate = DuplicateAnchor(
                        name: resource, first: first, second: location, keyword: identifier, isResource: true)
                    if reading.declared, reading.dialect >= .draft2019 {
                        if duplicateAnchor == nil { duplicateAnchor = duplicate }
                    } else if ambiguousResources[resource] == nil, self.value(at: first) != value {
                        ambiguousResources[resource] = duplicate
                    }
                }
                register(resource: resource, at: location)
                changed = true
            }
        }
        if !reading.declared, identifier == "$id", let id = value["id"]?.stringValue, id.hasPrefix("#"), id.count > 1 {
            // Undeclared dialect: a draft-04 `id: "#name"` anchor (other `id`s are only annotations).
            anchors[resource + id] = location
        }
        if let uri = value["$schema"]?.stringValue, tokens.isEmpty || changed {
            let declared = metaSchema(uri)
            if declared != reading {
                reading = declared
                changed = true
            }
        }
        if changed || tokens.isEmpty {
            if !tokens.isEmpty {
                documents[document].scopes.append(
                    Scope(tokens: tokens, base: base, resource: resource, reading: reading))
            } else if changed {
                documents[document].scopes[0] = Scope(tokens: [], base: base, resource: resource, reading: reading)
            }
        }
        if reading.dialect >= .draft2019 || !reading.declared, let name = value["$anchor"]?.stringValue {
            declareAnchor(name, in: resource, keyword: "$anchor", at: location)
        }
        if reading.dialect >= .draft2020 || !reading.declared, let name = value["$dynamicAnchor"]?.stringValue {
            anchors[resource + "#" + name] = anchors[resource + "#" + name] ?? location
            if let first = dynamicAnchors[resource]?[name], first != location {
                if duplicateAnchor == nil {
                    duplicateAnchor = DuplicateAnchor(
                        name: name, first: first, second: location, keyword: "$dynamicAnchor")
                }
            } else {
                dynamicAnchors[resource, default: [:]][name] = location
            }
        }
        for property in properties {
            let key = property.name
            let child = property.value
            let isSchema = { (v: GeneratedContent) in v.properties != nil || v.boolValue != nil }
            if JSONSchemaKeywords.singleSchema.contains(key) || (key == "items" && isSchema(child)) {
                tokens.append(key)
                walk(
                    child, document: document, tokens: &tokens, base: base, resource: resource, reading: reading,
                    metaSchema: metaSchema)
                tokens.removeLast()
            } else if JSONSchemaKeywords.schemaArrays.contains(key) || key == "items", let elements = child.arrayValue {
                tokens.append(key)
                for (index, element) in elements.enumerated() {
                    tokens.append(String(index))
                    walk(
                        element, document: document, tokens: &tokens, base: base, resource: resource, reading: reading,
                        metaSchema: metaSchema)
                    tokens.removeLast()
                }
                tokens.removeLast()
            } else if JSONSchemaKeywords.schemaMaps.contains(key), let entries = child.properties {
                tokens.append(key)
                for entry in entries {
                    tokens.append(entry.name)
                    walk(
                        entry.value, document: document, tokens: &tokens, base: base, resource: resource,
                        reading: reading, metaSchema: metaSchema)
                    tokens.removeLast()
                }
                tokens.removeLast()
            }
        }
    }
}
