/// A JSON value produced by a model (or by an app), with typed accessors.
///
/// `GeneratedContent` is the one dynamic value type of Guided: JSON parsed from a model's
/// output, a runtime schema's instances, and the encoded form of every ``Generable`` type
/// all use it, so untyped and typed code share one path. Object properties keep their
/// order, because models write earlier fields first and apps depend on it.
public struct GeneratedContent: Sendable, Hashable {
    /// The shape of a value.
    public enum Kind: Sendable, Hashable {
        /// JSON `null`.
        case null
        /// JSON `true` or `false`.
        case bool(Bool)
        /// A JSON number, keeping its literal text.
        case number(JSONNumber)
        /// A JSON string.
        case string(String)
        /// A JSON array.
        case array([GeneratedContent])
        /// A JSON object with properties in document order.
        case object([Property])
    }

    /// One property of an object: a name and a value.
    public struct Property: Sendable, Hashable {
        /// The property name.
        public var name: String
        /// The property value.
        public var value: GeneratedContent

        /// Creates a property.
        public init(_ name: String, _ value: GeneratedContent) {
            self.name = name
            self.value = value
        }
    }

    /// The value's kind and payload.
    public var kind: Kind

    /// Creates content of the given kind.
    public init(kind: Kind) { self.kind = kind }

    /// JSON `null`.
    public static let null = GeneratedContent(kind: .null)

    /// Creates a string value.
    public init(_ string: String) { self.kind = .string(string) }
    /// Creates a boolean value.
    public init(_ bool: Bool) { self.kind = .bool(bool) }
    /// Creates an integer value.
    public init(_ integer: Int) { self.kind = .number(JSONNumber(integer)) }
    /// Creates a floating-point value.
    public init(_ double: Double) { self.kind = .number(JSONNumber(double)) }
    /// Creates an array value.
    public init(elements: [GeneratedContent]) { self.kind = .array(elements) }
    /// Creates an object value whose properties keep the given order.
    public init(properties: [(String, GeneratedContent)]) {
        self.kind = .object(properties.map { Property($0.0, $0.1) })
    }
}

extension GeneratedContent {
    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = kind { return value }
        return nil
    }
    /// The boolean, if this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }
    /// The number, if this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let value) = kind { return value }
        return nil
    }
    /// The number as a `Double`, if this is a number.
    public var doubleValue: Double? { numberValue?.doubleValue }
    /// The number as an `Int`, if this is a number with an integral value that fits.
    public var intValue: Int? { numberValue?.intValue }
    /// The elements, if this is an array.
    public var arrayValue: [GeneratedContent]? {
        if case .array(let value) = kind { return value }
        return nil
    }
    /// The properties in order, if this is an object.
    public var properties: [Property]? {
        if case .object(let value) = kind { return value }
        return nil
    }
    /// Whether this is `null`.
    public var isNull: Bool { kind == .null }

    /// The value of the first property named `name`, if this is an object that has one.
    public subscript(name: String) -> GeneratedContent? {
        properties?.first { $0.name == name }?.value
    }

    /// The element at `index`, if this is an array that long.
    public subscript(index: Int) -> GeneratedContent? {
        guard let elements = arrayValue, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The JSON type name of this value as JSON Schema names it ("integer" for integral numbers).
    public var jsonTypeName: String {
        switch kind {
        case .null: "null"
        case .bool: "boolean"
        case .number(let number): number.isIntegral ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension GeneratedContent: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// Creates a string value from a literal.
    public init(stringLiteral value: String) { self.init(value) }
    /// Creates an integer value from a literal.
    public init(integerLiteral value: Int) { self.init(value) }
    /// Creates a number value from a literal.
    public init(floatLiteral value: Double) { self.init(value) }
    /// Creates a boolean value from a literal.
    public init(booleanLiteral value: Bool) { self.init(value) }
    /// Creates `null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates an array value from a literal.
    public init(arrayLiteral elements: GeneratedContent...) { self.init(elements: elements) }
    /// Creates an object value from a literal; the literal's order is kept.
    public init(dictionaryLiteral elements: (String, GeneratedContent)...) {
        self.init(properties: elements)
    }
}
