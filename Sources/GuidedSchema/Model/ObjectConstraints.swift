/// What an object must satisfy. Properties are ordered: models write them in this order.
package struct ObjectConstraints: Sendable, Hashable {
    /// One declared property.
    public struct Property: Sendable, Hashable {
        /// The key as it appears in the JSON object, e.g. `steps`.
        public var name: String
        /// What the value under ``name`` must match.
        public var schema: SchemaNode
        /// Whether the key must be present.
        public var isRequired: Bool

        /// The property `name` with values matching `schema`; required unless `required` is `false`.
        public init(_ name: String, _ schema: SchemaNode, required: Bool = true) {
            self.name = name
            self.schema = schema
            self.isRequired = required
        }
    }

    /// A schema for the values of every key matching a regular expression (`patternProperties`).
    package struct PatternProperty: Sendable, Hashable {
        /// The ECMA-262 pattern keys are searched with (unanchored unless it says `^`/`$`).
        public var pattern: String
        /// The schema of the values of matching keys.
        public var schema: SchemaNode

        /// Values of keys that `pattern` (ECMA-262, unanchored) finds must match `schema`.
        public init(_ pattern: String, _ schema: SchemaNode) {
            self.pattern = pattern
            self.schema = schema
        }
    }

    /// Keys another key brings with it (`dependentRequired`; draft-07's array `dependencies`).
    package struct Dependency: Sendable, Hashable {
        /// The key whose presence triggers the requirement.
        public var property: String
        /// The keys that must then be present too.
        public var required: [String]

        /// When `property` is present, every key in `required` must be too.
        public init(_ property: String, requires required: [String]) {
            self.property = property
            self.required = required
        }
    }

    /// A schema the whole object must match when a key is present (`dependentSchemas`;
    /// draft-07's schema `dependencies`).
    package struct DependentSchema: Sendable, Hashable {
        /// The key whose presence triggers the schema.
        public var property: String
        /// The schema the object must then match.
        public var schema: SchemaNode

        /// When `property` is present, the whole object must also match `schema`.
        public init(_ property: String, _ schema: SchemaNode) {
            self.property = property
            self.schema = schema
        }
    }

    /// Declared properties in declaration order.
    public var properties: [Property]
    /// Schema for keys not declared and matching no ``patternProperties``: `.nothing` (closed,
    /// the default for declared types) or `.any` (open, JSON Schema's default) or a schema for
    /// their values.
    public var additionalProperties: SchemaNode
    /// Whether the JSON Schema left `additionalProperties` out. Then any extra key is allowed,
    /// but for `unevaluatedProperties` extra keys count as not evaluated (an explicit
    /// `"additionalProperties": true` evaluates them).
    package var additionalPropertiesOmitted: Bool
    /// Required keys that are not declared properties (JSON Schema allows this).
    public var additionalRequired: [String]
    /// Schemas for the values of keys matching patterns.
    package var patternProperties: [PatternProperty]
    /// A schema every key (as a string) must match (`propertyNames`); `.any` when unconstrained.
    public var propertyNames: SchemaNode
    /// The fewest keys the object may have.
    public var minProperties: Int?
    /// The most keys the object may have.
    public var maxProperties: Int?
    /// Keys that require other keys.
    package var dependentRequired: [Dependency]
    /// Schemas the object must match when a key is present.
    package var dependentSchemas: [DependentSchema]

    /// Creates object constraints; closed unless `additionalProperties` says otherwise.
    /// `additionalPropertiesOmitted` defaults to whether `additionalProperties` is `.any`.
    package init(
        _ properties: [Property], additionalProperties: SchemaNode = .nothing, additionalRequired: [String] = [],
        patternProperties: [PatternProperty] = [], propertyNames: SchemaNode = .any, minProperties: Int? = nil,
        maxProperties: Int? = nil, dependentRequired: [Dependency] = [], dependentSchemas: [DependentSchema] = [],
        additionalPropertiesOmitted: Bool? = nil
    ) {
        self.properties = properties
        self.additionalProperties = additionalProperties
        self.additionalRequired = additionalRequired
        self.patternProperties = patternProperties
        self.propertyNames = propertyNames
        self.minProperties = minProperties
        self.maxProperties = maxProperties
        self.dependentRequired = dependentRequired
        self.dependentSchemas = dependentSchemas
        self.additionalPropertiesOmitted = additionalPropertiesOmitted ?? (additionalProperties.kind == .any)
    }

    /// The declared property named `name`.
    public func property(named name: String) -> Property? { properties.first { $0.name == name } }

    /// Whether the object constrains nothing beyond declared properties and what extra keys
    /// hold: the shape every grammar policy was written for.
    public var hasOnlyPropertyKeywords: Bool {
        patternProperties.isEmpty && propertyNames.kind == .any && minProperties == nil && maxProperties == nil
            && dependentRequired.isEmpty && dependentSchemas.isEmpty
    }
}
