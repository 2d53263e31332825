/// What a string must satisfy.
package struct StringConstraints: Sendable, Hashable {
    /// Minimum length in Unicode scalars (JSON Schema counts code points).
    public var minLength: Int?
    /// Maximum length in Unicode scalars.
    public var maxLength: Int?
    /// A regular expression the string must match somewhere (JSON Schema `pattern` semantics).
    public var pattern: String?
    /// A well-known format.
    public var format: StringFormat?

    /// Constraints on a string; nil (the default) leaves that side unconstrained, so
    /// `StringConstraints()` accepts any string and `StringConstraints(maxLength: 180)` caps it.
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
package struct NumericBounds: Sendable, Hashable {
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

    /// Bounds on a number, each nil (unbounded) by default; literals work:
    /// `NumericBounds(minimum: 0, exclusiveMaximum: 1)`.
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
