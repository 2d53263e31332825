import GuidedSchema

/// A `Generable` struct as a schema file declares it: the model the Swift source and the
/// declared schema are both made from, so they cannot disagree.
package struct StructDeclaration: Sendable, Hashable {
    /// The Swift type name.
    package var name: String
    /// The type's description (its `GenerableConfiguration`).
    package var description: String?
    /// Properties in schema order.
    package var properties: [PropertyDeclaration]
    /// Structs declared inside this one, for object-valued properties and elements.
    package var nested: [StructDeclaration]
    /// The type's worked examples (its `GenerableConfiguration`; the root type only).
    package var examples: [Example<GeneratedContent>] = []
    /// The adapter the type's outputs are served with (its `GenerableConfiguration`; the root
    /// type only).
    package var adapter: ModelAdapter?
}

/// One stored property of a generated struct.
package struct PropertyDeclaration: Sendable, Hashable {
    /// The JSON key, which is also the Swift property name.
    package var name: String
    /// The Swift type.
    package var type: ValueType
    /// Guides on the value (`@Guide(…, .count(3))`).
    package var guides: [GuideDeclaration]
    /// The `@Guide(description:)`.
    package var description: String?

    /// Whether the property is written with `@Guide` (it has a description or guides).
    package var isGuided: Bool { description != nil || !guides.isEmpty }
}

/// A property's or element's Swift type.
package indirect enum ValueType: Sendable, Hashable {
    case string, integer, number, boolean
    /// `[Element]`.
    case array(ValueType)
    /// A nested struct, by name.
    case structure(StructDeclaration)
    /// `Wrapped?`: the key may be left out (or be `null`).
    case optional(ValueType)
}

/// One `GenerationGuide`, as written in Swift.
package indirect enum GuideDeclaration: Sendable, Hashable {
    case minLength(Int)
    case maxLength(Int)
    case length(Int, Int)
    case pattern(String)
    case format(StringFormat)
    case constant(String)
    case anyOf([String])
    case minimum(JSONNumber)
    case maximum(JSONNumber)
    case range(JSONNumber, JSONNumber)
    case count(Int)
    case countRange(Int, Int)
    case minimumCount(Int)
    case maximumCount(Int)
    /// `.element(guide)`: a guide every element of an array property must meet.
    case element(GuideDeclaration)
    /// `.description(text)`, for elements.
    case description(String)
}
