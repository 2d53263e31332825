/// `$ref`, `$dynamicRef` and the documents and definitions they lead to.
extension JSONSchemaImporter {
    /// Reads `$schema` URIs, asking ``JSONSchemaImportOptions/retrieve`` for custom meta-schemas.
    var metaSchemaReader: (String) -> DialectReading {
        let options = self.options
        return { uri in Self.reading(forMetaSchema: uri, options: options) }
    }

    /// The reading a `$schema` URI asks for: a published draft, or a custom meta-schema's draft
    /// and vocabularies (2019-09 and later), or draft 2020-12 when the meta-schema is unknown.
    static func reading(forMetaSchema uri: String, options: JSONSchemaImportOptions) -> DialectReading {
        if let dialect = SchemaDialect(metaSchema: uri) { return DialectReading(dialect: dialect, declared: true) }
        guard let document = options.retrieve?(URIReference(uri).withoutFragment.text) else { return .undeclared }
        let parent = document["$schema"]?.stringValue.flatMap(SchemaDialect.init(metaSchema:)) ?? .draft2020
        var reading = DialectReading(dialect: parent, declared: true)
        if let vocabularies = document["$vocabulary"]?.properties?.map(\.name) {
            reading.validation = vocabularies.contains { $0.hasSuffix("/vocab/validation") }
            if vocabularies.contains(where: { $0.hasSuffix("/vocab/format-assertion") }) {
                reading.formatAssertion = true
            }
        }
        return reading
    }

    /// `$ref` (or 2019-09's `$recursiveRef`).
    mutating func reference(_ value: GeneratedContent, at pointer: JSONPointer, keyword: String = "$ref")
        throws(SchemaError) -> SchemaNode
    {
        let site = pointer.appending(keyword)
        guard let text = value.stringValue else {
            throw invalid("\(keyword) must be a string", at: site, remedy: "write \"\(keyword)\": \"#/$defs/Name\"")
        }
        let name = definitionName(for: try resolve(text, site: site))
        recordEdge(to: name, site: site)
        return .reference(name)
    }

    /// `$dynamicRef`: a plain reference unless its target declares the same `$dynamicAnchor`.
    mutating func dynamicReference(_ value: GeneratedContent, at pointer: JSONPointer) throws(SchemaError) -> SchemaNode
    {
        let site = pointer.appending("$dynamicRef")
        guard let text = value.stringValue else {
            throw invalid("$dynamicRef must be a string", at: site, remedy: "write \"$dynamicRef\": \"#name\"")
        }
        let target = try resolve(text, site: site)
        let name = definitionName(for: target)
        recordEdge(to: name, site: site)
        let anchor = percentDecoded(URIReference(text).fragment ?? "")
        guard !anchor.isEmpty, !anchor.hasPrefix("/"), index.value(at: target)?["$dynamicAnchor"]?.stringValue == anchor
        else {
            return .reference(name)
        }
        for anchors in index.dynamicAnchors.values {
            if let location = anchors[anchor] { recordEdge(to: definitionName(for: location), site: site) }
        }
        return SchemaNode(.dynamicReference(DynamicReference(anchor: anchor, definition: name)))
    }

    /// The schema a reference text names, resolved against the current base URI.
    mutating func resolve(_ text: String, site: JSONPointer) throws(SchemaError) -> SchemaLocation {
        let uri = URIReference(text).resolved(against: context.base)
        let resource = uri.withoutFragment.text
        let fragment = percentDecoded(uri.fragment ?? "")
        guard let root = resourceLocation(resource) else {
            throw SchemaError(
                .danglingReference, "$ref \"\(text)\" names \(resource), which is not available",
                remedy:
                    "copy the referenced schema into $defs and use \"#/$defs/Name\", or provide the document (import options' retrieve)",
                at: site)
        }
        try refuseDuplicateAnchor()
        if let ambiguous = index.ambiguousResources[resource] { throw duplicateError(ambiguous) }
        if !fragment.isEmpty && !fragment.hasPrefix("/") {
            guard let location = index.anchors[resource + "#" + fragment] else {
                throw SchemaError(
                    .danglingReference, "$ref \"\(text)\" names the anchor \"\(fragment)\", which is not declared",
                    remedy: "declare it with \"$anchor\": \"\(fragment)\", or use a JSON Pointer such as #/$defs/Name",
                    at: site)
            }
            return location
        }
        guard let pointer = JSONPointer(fragment) else {
            throw SchemaError(
                .danglingReference, "$ref \"\(text)\" has a fragment that is neither a JSON Pointer nor an anchor name",
                remedy: "write \"#/$defs/Name\" or \"#name\"", at: site)
        }
        let location = SchemaLocation(
            document: root.document, pointer: JSONPointer(tokens: root.pointer.tokens + pointer.tokens))
        guard index.value(at: location) != nil else {
            throw SchemaError(
                .danglingReference, "$ref points to #\(pointer), which does not exist",
                remedy: "point $ref at an existing definition, e.g. #/$defs/Name", at: site)
        }
        return location
    }

    /// Where the resource `uri` is, retrieving its document if it is not known yet.
    private mutating func resourceLocation(_ uri: String) -> SchemaLocation? {
        if let location = index.resources[uri] { return location }
        guard let retrieve = options.retrieve, retrieved[uri] == nil else { return nil }
        retrieved[uri] = .some(nil)
        guard let content = retrieve(uri) else { return nil }
        retrieved[uri] = index.add(
            content, uri: URIReference(uri), reading: context.reading, metaSchema: metaSchemaReader)
        return index.resources[uri]
    }

    /// The definition name for the schema at `location`, registering it on first use.
    mutating func definitionName(for location: SchemaLocation) -> String {
        if let name = names[location] { return name }
        let tokens = location.pointer.tokens
        var base: String
        if tokens.count >= 2, ["$defs", "definitions"].contains(tokens[tokens.count - 2]) {
            base = tokens[tokens.count - 1]
        } else if tokens.isEmpty {
            let file = index.documents[location.document].uri.path.split(separator: "/").last.map(String.init) ?? ""
            base = location.document == 0 || file.isEmpty ? "root" : file.replacingSuffix(".json")
        } else {
            base = location.pointer.description
        }
        var name = base
        var suffix = 2
        while usedNames.contains(name) {
            name = "\(base)-\(suffix)"
            suffix += 1
        }
        usedNames.insert(name)
        names[location] = name
        order.append((name, location))
        return name
    }

    /// The dynamic anchors the resource `uri` declares, as a scope; nil when it declares none.
    mutating func dynamicScope(of resource: String) -> DynamicScope? {
        guard let anchors = index.dynamicAnchors[resource], !anchors.isEmpty else { return nil }
        var declared: [DynamicScope.Anchor] = []
        for (name, location) in anchors { declared.append(.init(name, definition: definitionName(for: location))) }
        return DynamicScope(resource: resource, anchors: declared)
    }

    private mutating func recordEdge(to target: String, site: JSONPointer) {
        guard context.inPlace else { return }
        edges[context.definition, default: []].append((target, site))
    }

    func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
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

    /// Refuses references that lead back to where they started without validating any part of
    /// the instance (`{"$ref": "#"}`, a → b → a): validation would never end.
    mutating func checkReferenceCycles() throws(SchemaError) {
        var state: [String: Int] = [:] // 1: on the current path, 2: finished
        for start in [""] + order.map(\.name) where state[start] == nil {
            var path: [(name: String, next: Int)] = [(start, 0)]
            state[start] = 1
            while let (name, next) = path.last {
                let outgoing = edges[name] ?? []
                guard next < outgoing.count else {
                    state[name] = 2
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let (target, site) = outgoing[next]
                switch state[target] {
                case 1:
                    let cycle = (path.map(\.name).drop { $0 != target } + [target]).map {
                        $0.isEmpty ? "the root schema" : $0
                    }
                    // A long ring is named by its ends (a ring of 10,000 definitions wrote all of them).
                    let chain =
                        cycle.count <= 8
                        ? cycle.joined(separator: " → ")
                        : (cycle.prefix(4) + ["… (\(cycle.count - 6) more)"] + cycle.suffix(2)).joined(separator: " → ")
                    throw SchemaError(
                        .referenceCycle, "$ref cycle \(chain) never reaches a value to check",
                        remedy: "make the recursion go through properties or items, or remove the reference", at: site)
                case nil:
                    state[target] = 1
                    path.append((target, 0))
                default: continue
                }
            }
        }
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : self
    }
}
