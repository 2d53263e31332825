/// Decodes `Decodable` values from ``GeneratedContent``.
package enum GeneratedContentDecoder {
    /// Decodes `type` from `content`; throws ``ContentDecodingError`` naming the JSON Pointer that did not fit.
    public static func decode<T: Decodable>(_ type: T.Type, from content: GeneratedContent) throws(ContentDecodingError)
        -> T
    {
        do {
            return try decodeValue(type, from: content, path: [])
        } catch let error as ContentDecodingError {
            throw error
        } catch {
            throw ContentDecodingError(pointer: .root, expected: "a decodable value", excerpt: "\(error)")
        }
    }
}

/// The JSON Pointer of a coding path.
func pointer(of path: [any CodingKey]) -> JSONPointer {
    JSONPointer(tokens: path.map { $0.intValue.map(String.init) ?? $0.stringValue })
}

func mismatch(_ expected: String, _ content: GeneratedContent, _ path: [any CodingKey]) -> ContentDecodingError {
    ContentDecodingError(pointer: pointer(of: path), expected: expected, excerpt: Violation.excerpt(of: content))
}

/// Decodes one value: primitives directly, everything else through `init(from:)`.
func decodeValue<T: Decodable>(_ type: T.Type, from content: GeneratedContent, path: [any CodingKey]) throws -> T {
    if T.self == GeneratedContent.self { return content as! T }
    if T.self == String.self {
        guard let value = content.stringValue else { throw mismatch("a string", content, path) }
        return value as! T
    }
    if T.self == Bool.self {
        guard let value = content.boolValue else { throw mismatch("a boolean", content, path) }
        return value as! T
    }
    if T.self == Int.self {
        guard let value = content.intValue else { throw mismatch("an integer", content, path) }
        return value as! T
    }
    if T.self == Double.self {
        guard let value = content.doubleValue else { throw mismatch("a number", content, path) }
        return value as! T
    }
    if T.self == Float.self {
        guard let value = content.doubleValue else { throw mismatch("a number", content, path) }
        return Float(value) as! T
    }
    return try T(from: ContentDecoder(content: content, codingPath: path))
}

struct ContentDecoder: Decoder {
    let content: GeneratedContent
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let properties = content.properties else { throw mismatch("an object", content, codingPath) }
        return KeyedDecodingContainer(KeyedContentDecoder<Key>(properties: properties, codingPath: codingPath))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = content.arrayValue else { throw mismatch("an array", content, codingPath) }
        return UnkeyedContentDecoder(elements: elements, codingPath: codingPath)
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContentDecoder(content: content, codingPath: codingPath)
    }
}

/// A coding key for an array index or an arbitrary name.
struct ContentCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

struct KeyedContentDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let properties: [GeneratedContent.Property]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { properties.compactMap { Key(stringValue: $0.name) } }
    func contains(_ key: Key) -> Bool { properties.contains { $0.name == key.stringValue } }

    private func value(_ key: Key) throws -> GeneratedContent {
        guard let property = properties.first(where: { $0.name == key.stringValue }) else {
            throw ContentDecodingError(
                pointer: pointer(of: codingPath), expected: "a property \"\(key.stringValue)\"",
                excerpt: "an object without it")
        }
        return property.value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeValue(type, from: try value(key), path: codingPath + [key])
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try ContentDecoder(content: try value(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ContentDecoder(content: try value(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder {
        ContentDecoder(content: GeneratedContent(kind: .object(properties)), codingPath: codingPath)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ContentDecoder(content: try value(key), codingPath: codingPath + [key])
    }
}

struct UnkeyedContentDecoder: UnkeyedDecodingContainer {
    let elements: [GeneratedContent]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [GeneratedContent], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    private mutating func next() throws -> (GeneratedContent, [any CodingKey]) {
        let path = codingPath + [ContentCodingKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw ContentDecodingError(
                pointer: pointer(of: path), expected: "another element", excerpt: "the end of the array")
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (content, path) = try next()
        return try decodeValue(type, from: content, path: path)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (content, path) = try next()
        return try ContentDecoder(content: content, codingPath: path).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (content, path) = try next()
        return try ContentDecoder(content: content, codingPath: path).unkeyedContainer()
    }
    mutating func superDecoder() throws -> any Decoder {
        let (content, path) = try next()
        return ContentDecoder(content: content, codingPath: path)
    }
}

struct SingleContentDecoder: SingleValueDecodingContainer {
    let content: GeneratedContent
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { content.isNull }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type, from: content, path: codingPath) }
}
