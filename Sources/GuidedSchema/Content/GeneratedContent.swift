/// A JSON value produced by a model (or by an app), with typed accessors.
///
/// `GeneratedContent` is the one dynamic value type of Guided: JSON parsed from a model's
/// output, a runtime schema's instances, and the encoded form of every ``Generable`` type
/// all use it, so untyped and typed code share one path. Object properties keep their
/// order, because models write earlier fields first and apps depend on it.
public struct GeneratedContent: Sendable, Hashable {
    /// Which of JSON's six kinds of value this is, with its payload; switch over it to walk a value.
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
        /// The key, exactly as written in the JSON object (no unescaping beyond JSON's own).
        public var name: String
        /// The value under ``name``: any JSON value, objects and arrays included.
        public var value: GeneratedContent

        /// The property `name: value`, e.g. `Property("steps", ["Swim"])`.
        public init(_ name: String, _ value: GeneratedContent) {
            self.name = name
            self.value = value
        }
    }

    /// Which kind of JSON value this is, with its payload; the typed accessors (``stringValue``,
    /// ``arrayValue``, `content["key"]`) are shorter for reading one.
    public var kind: Kind

    /// Content with this kind and payload, e.g. `GeneratedContent(kind: .object([]))` for `{}`.
    /// The literal forms (`["steps": ["Swim"]]`) are usually shorter.
    public init(kind: Kind) { self.kind = kind }

    /// JSON `null`.
    public static let null = GeneratedContent(kind: .null)

    /// The JSON string `string`; the same as the literal `"…"` where a literal will do.
    public init(_ string: String) { self.kind = .string(string) }
    /// JSON `true` or `false`.
    public init(_ bool: Bool) { self.kind = .bool(bool) }
    /// A JSON number written exactly as `integer` (no fraction, no exponent).
    public init(_ integer: Int) { self.kind = .number(JSONNumber(integer)) }
    /// Creates a floating-point value.
    public init(_ double: Double) { self.kind = .number(JSONNumber(double)) }
    /// A JSON array of `elements`, in order; the literal `[…]` does the same.
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
    package var jsonTypeName: String {
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
    /// `"Swim"` as a JSON string, so `let text: GeneratedContent = "Swim"` compiles.
    public init(stringLiteral value: String) { self.init(value) }
    /// `5` as a JSON number written without fraction or exponent.
    public init(integerLiteral value: Int) { self.init(value) }
    /// `2.5` as a JSON number, written in its shortest exact form.
    public init(floatLiteral value: Double) { self.init(value) }
    /// `true` or `false` as JSON booleans.
    public init(booleanLiteral value: Bool) { self.init(value) }
    /// Creates `null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
    /// `["Swim", 3, nil]` as a JSON array, elements in the literal's order.
    public init(arrayLiteral elements: GeneratedContent...) { self.init(elements: elements) }
    /// Creates an object value from a literal; the literal's order is kept.
    public init(dictionaryLiteral elements: (String, GeneratedContent)...) {
        self.init(properties: elements)
    }
}
