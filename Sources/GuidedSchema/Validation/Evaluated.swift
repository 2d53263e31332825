/// The keys and elements a schema's keywords evaluated, for `unevaluatedProperties` and
/// `unevaluatedItems` (JSON Schema 2020-12 §7.7.1, annotations).
///
/// Collected only while a validator is inside an `SchemaNode.Kind.unevaluated(_:_:)` node;
/// elsewhere nobody reads them and they stay empty.
struct Evaluated {
    /// Keys evaluated by `properties`, `patternProperties` or an explicit `additionalProperties`.
    var properties: Set<String> = []
    /// Elements `0..<prefixItems` were evaluated by `prefixItems`.
    var prefixItems = 0
    /// Every element was evaluated (by `items`, or by `unevaluatedItems` further in).
    var allItems = false
    /// Elements evaluated by `contains`.
    var containedItems: Set<Int> = []

    static let empty = Evaluated()

    /// Adds what `other` evaluated.
    mutating func merge(_ other: Evaluated) {
        properties.formUnion(other.properties)
        prefixItems = max(prefixItems, other.prefixItems)
        allItems = allItems || other.allItems
        containedItems.formUnion(other.containedItems)
    }

    /// Whether element `index` was evaluated.
    func evaluatedItem(_ index: Int) -> Bool {
        allItems || index < prefixItems || containedItems.contains(index)
    }
}
