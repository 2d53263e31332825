/// What an array must satisfy.
package struct ArrayConstraints: Sendable, Hashable {
    /// Schemas for the first elements, position by position (`prefixItems`; draft-07's array `items`).
    public var prefixItems: [SchemaNode]
    /// The schema of every element after the prefix (`items`; draft-07's `additionalItems`);
    /// `.any` when unconstrained, `.nothing` when no further elements are allowed.
    public var items: SchemaNode
    /// Whether the JSON Schema left `items` out. Then any element is allowed after the prefix,
    /// but for `unevaluatedItems` those elements count as not evaluated (an explicit
    /// `"items": true` evaluates them).
    package var itemsOmitted: Bool
    /// Minimum element count.
    public var minItems: Int?
    /// Maximum element count.
    public var maxItems: Int?
    /// Whether no two elements may be equal (`uniqueItems`; JSON equality: `1 == 1.0`, key order ignored).
    public var uniqueItems: Bool
    /// A schema that some elements must match (`contains`); how many is set by
    /// ``minContains`` (default 1) and ``maxContains``.
    public var contains: SchemaNode?
    /// The fewest elements that must match ``contains`` (default 1; 0 lets `contains` match none).
    package var minContains: Int?
    /// The most elements that may match ``contains``.
    package var maxContains: Int?

    /// Creates array constraints; `itemsOmitted` defaults to whether `items` is `.any`.
    public init(
        items: SchemaNode = .any, prefixItems: [SchemaNode] = [], minItems: Int? = nil, maxItems: Int? = nil,
        uniqueItems: Bool = false, contains: SchemaNode? = nil, minContains: Int? = nil, maxContains: Int? = nil,
        itemsOmitted: Bool? = nil
    ) {
        self.items = items
        self.prefixItems = prefixItems
        self.minItems = minItems
        self.maxItems = maxItems
        self.uniqueItems = uniqueItems
        self.contains = contains
        self.minContains = minContains
        self.maxContains = maxContains
        self.itemsOmitted = itemsOmitted ?? (items.kind == .any)
    }
}
