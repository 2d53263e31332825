/// What a string must satisfy.
public struct StringConstraints: Sendable, Hashable {
    /// Minimum length in Unicode scalars (JSON Schema counts code points).
    public var minLength: Int?
    /// Maximum length in Unicode scalars.
    public var maxLength: Int?
    /// A regular expression the string must match somewhere (JSON Schema `pattern` semantics).
    public var pattern: String?
    /// A well-known format.
    public var format: StringFormat?

    /// Creates string constraints.
    public init(minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil, format: StringFormat? = nil) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.format = format
    }
}

/// Bounds on a number; JSON Schema `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`
/// and `multipleOf`.
///
/// Bounds keep the exact decimal value they were written with (a ``JSONNumber``), and every
/// comparison is exact: `maximum: 18446744073709551615` rejects `18446744073709551616`, which a
/// `Double` cannot tell apart from it. Number literals work directly: `NumericBounds(minimum: 0.5)`.
public struct NumericBounds: Sendable, Hashable {
    /// Inclusive lower bound.
    public var minimum: JSONNumber?
    /// Inclusive upper bound.
    public var maximum: JSONNumber?
    /// Exclusive lower bound.
    public var exclusiveMinimum: JSONNumber?
    /// Exclusive upper bound.
    public var exclusiveMaximum: JSONNumber?
    /// The value must be an integer multiple of this (above zero), exactly: `0.3` is a multiple of `0.1`.
    public var multipleOf: JSONNumber?

    /// Creates numeric bounds.
    public init(
        minimum: JSONNumber? = nil, maximum: JSONNumber? = nil, exclusiveMinimum: JSONNumber? = nil,
        exclusiveMaximum: JSONNumber? = nil, multipleOf: JSONNumber? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.exclusiveMinimum = exclusiveMinimum
        self.exclusiveMaximum = exclusiveMaximum
        self.multipleOf = multipleOf
    }

    /// Whether `value` lies within every bound and is a multiple of `multipleOf`, exactly.
    public func contains(_ value: JSONNumber) -> Bool {
        if let minimum, value < minimum { return false }
        if let maximum, value > maximum { return false }
        if let exclusiveMinimum, value <= exclusiveMinimum { return false }
        if let exclusiveMaximum, value >= exclusiveMaximum { return false }
        if let multipleOf, !value.isMultiple(of: multipleOf) { return false }
        return true
    }

    /// Whether `value` lies within every bound (a convenience for values computed in Swift).
    public func contains(_ value: Double) -> Bool { value.isFinite && contains(JSONNumber(value)) }
}

/// What an array must satisfy.
public struct ArrayConstraints: Sendable, Hashable {
    /// Schemas for the first elements, position by position (`prefixItems`).
    public var prefixItems: [SchemaNode]
    /// The schema of every element after the prefix (`items`); `.any` when unconstrained,
    /// `.nothing` when no further elements are allowed.
    public var items: SchemaNode
    /// Minimum element count.
    public var minItems: Int?
    /// Maximum element count.
    public var maxItems: Int?

    /// Creates array constraints.
    public init(items: SchemaNode = .any, prefixItems: [SchemaNode] = [], minItems: Int? = nil, maxItems: Int? = nil) {
        self.items = items
        self.prefixItems = prefixItems
        self.minItems = minItems
        self.maxItems = maxItems
    }
}

/// What an object must satisfy. Properties are ordered: models write them in this order.
public struct ObjectConstraints: Sendable, Hashable {
    /// One declared property.
    public struct Property: Sendable, Hashable {
        /// The key.
        public var name: String
        /// The value's schema.
        public var schema: SchemaNode
        /// Whether the key must be present.
        public var isRequired: Bool

        /// Creates a property.
        public init(_ name: String, _ schema: SchemaNode, required: Bool = true) {
            self.name = name
            self.schema = schema
            self.isRequired = required
        }
    }

    /// Declared properties in declaration order.
    public var properties: [Property]
    /// Schema for keys not declared: `.nothing` (closed, the default for declared types) or
    /// `.any` (open, JSON Schema's default) or a schema for their values.
    public var additionalProperties: SchemaNode
    /// Required keys that are not declared properties (JSON Schema allows this).
    public var additionalRequired: [String]

    /// Creates object constraints; closed unless `additionalProperties` says otherwise.
    public init(_ properties: [Property], additionalProperties: SchemaNode = .nothing, additionalRequired: [String] = []) {
        self.properties = properties
        self.additionalProperties = additionalProperties
        self.additionalRequired = additionalRequired
    }

    /// The declared property named `name`.
    public func property(named name: String) -> Property? { properties.first { $0.name == name } }
}

/// String formats Guided knows how to check.
public enum StringFormat: String, Sendable, Hashable, CaseIterable {
    /// RFC 3339 `full-date`, e.g. `2026-11-30`.
    case date
    /// RFC 3339 `full-time`, e.g. `08:30:00Z`.
    case time
    /// RFC 3339 `date-time`.
    case dateTime = "date-time"
    /// RFC 4122 UUID in hex-and-dashes form.
    case uuid
    /// An email address (RFC 5321 mailbox, dot-atom local part or quoted string).
    case email
    /// A dotted-quad IPv4 address.
    case ipv4
    /// An ISO 8601 duration as JSON Schema defines it (`P3D`, `PT1H30M`, `P2W`).
    case duration
}
