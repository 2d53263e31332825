/// A `$dynamicRef` whose target depends on how validation got here (JSON Schema 2020-12 §8.2.3.2).
///
/// It resolves first like `$ref`, to ``definition``. When validation passed through a schema
/// resource that declares a `$dynamicAnchor` named ``anchor`` (a `DynamicScope`), the
/// outermost such declaration wins instead: this is how a schema extends a recursive one
/// (a "strict tree" reusing a "tree" whose nodes must also be strict).
package struct DynamicReference: Sendable, Hashable {
    /// The anchor name (the reference's fragment).
    package var anchor: String
    /// The definition the reference resolves to when no dynamic scope overrides it.
    public var definition: String

    /// A `$dynamicRef` to `#anchor` that resolves to the definition named `definition` unless a
    /// dynamic scope on the way declares the anchor.
    public init(anchor: String, definition: String) {
        self.anchor = anchor
        self.definition = definition
    }
}

/// The `$dynamicAnchor`s a schema resource declares, each naming the definition it stands for.
package struct DynamicScope: Sendable, Hashable {
    /// One declared anchor.
    package struct Anchor: Sendable, Hashable {
        /// The anchor name.
        public var name: String
        /// The definition holding the schema that declares it.
        public var definition: String

        /// The `$dynamicAnchor` `name`, declared by the schema stored as the definition `definition`.
        public init(_ name: String, definition: String) {
            self.name = name
            self.definition = definition
        }
    }

    /// The resource's identifier (its absolute URI), for messages and export.
    package var resource: String
    /// The anchors, sorted by name.
    package var anchors: [Anchor]

    /// The anchors a resource (identified by its absolute URI) declares; they are kept sorted by
    /// name whatever the order given.
    package init(resource: String, anchors: [Anchor]) {
        self.resource = resource
        self.anchors = anchors.sorted { $0.name < $1.name }
    }

    /// The definition the anchor `name` stands for in this resource.
    public func definition(for name: String) -> String? { anchors.first { $0.name == name }?.definition }
}

/// Schemas for what a node's own keywords did not evaluate (JSON Schema 2020-12 §11).
///
/// A key is evaluated when `properties`, `patternProperties` or an explicit
/// `additionalProperties` applied to it anywhere in the node, including inside `allOf`, the
/// matching branches of `anyOf`/`oneOf`, `if`/`then`/`else`, `dependentSchemas` and references
/// (never inside `not`). Elements likewise, through `prefixItems`, `items` and `contains`.
package struct UnevaluatedConstraints: Sendable, Hashable {
    /// The schema of every key not evaluated (`unevaluatedProperties`); nil when absent.
    public var properties: SchemaNode?
    /// The schema of every element not evaluated (`unevaluatedItems`); nil when absent.
    public var items: SchemaNode?

    /// `unevaluatedProperties` and `unevaluatedItems` schemas; leave one nil when the schema does
    /// not have that keyword.
    public init(properties: SchemaNode? = nil, items: SchemaNode? = nil) {
        self.properties = properties
        self.items = items
    }
}
