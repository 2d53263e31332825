/// Attaches a description and guides to a property of a ``Generable`` type.
///
/// ```swift
/// @Guide(description: "The rewritten notification", .maximumLength(180))
/// var text: String = ""
/// ```
///
/// The wrapper is transparent to `Codable`: the property encodes and decodes as its value,
/// under its own name, and an `Optional` property that is absent decodes as `nil`.
@propertyWrapper
public struct Guide<Value: SchemaRepresentable>: Sendable {
    private var storage: Value?
    private let description: String?
    private let guides: [GenerationGuide<Value>]

    /// The property's value (the type's placeholder until one is set or decoded).
    public var wrappedValue: Value {
        get { storage ?? Value.placeholder }
        set { storage = newValue }
    }

    /// Guides a property that has a default value.
    public init(wrappedValue: Value, description: String? = nil, _ guides: GenerationGuide<Value>...) {
        self.storage = wrappedValue
        self.description = description
        self.guides = guides
    }

    /// Guides a property without a default value.
    public init(description: String? = nil, _ guides: GenerationGuide<Value>...) {
        self.storage = nil
        self.description = description
        self.guides = guides
    }
}

/// Type-erased access to a ``Guide``'s schema, used when a ``Generable`` type reflects its properties.
protocol GuidedProperty {
    func schemaProperty(named name: String, in builder: inout SchemaBuilder) -> ObjectConstraints.Property
}

extension Guide: GuidedProperty {
    func schemaProperty(named name: String, in builder: inout SchemaBuilder) -> ObjectConstraints.Property {
        var node = Value.schemaNode(in: &builder)
        for guide in guides { guide.apply(&node) }
        if let description { node.description = description }
        return .init(name, node, required: !Value.isOptional)
    }
}

extension Guide: Codable {
    /// Decodes the wrapped value.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try Value(from: decoder))
    }

    /// Encodes the wrapped value.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension KeyedDecodingContainer {
    /// An absent optional guided property decodes as `nil` instead of failing.
    public func decode<Wrapped>(_ type: Guide<Wrapped?>.Type, forKey key: Key) throws -> Guide<Wrapped?> {
        Guide(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// A `nil` optional guided property is left out instead of written as `null`.
    public mutating func encode<Wrapped>(_ value: Guide<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension Guide: Equatable where Value: Equatable {
    /// Guided properties compare by value.
    public static func == (lhs: Guide, rhs: Guide) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Guide: Hashable where Value: Hashable {
    /// Guided properties hash by value.
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}
