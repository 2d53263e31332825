/// Encodes `Encodable` values into ``GeneratedContent``, keeping the order in which properties
/// are encoded (declaration order for synthesized `Codable`).
package enum GeneratedContentEncoder {
    /// `value` as JSON content, e.g. a ``Generable`` value as the object a model would write.
    /// Never fails: a value that throws while encoding yields what was encoded before the throw.
    public static func encode<T: Encodable>(_ value: T) -> GeneratedContent {
        if let content = value as? GeneratedContent { return content }
        let box = ContentBox()
        try? encodeValue(value, into: box, path: [])
        return box.resolved
    }
}

/// A growing value; containers write into it by reference while encoding.
final class ContentBox {
    var content: GeneratedContent = .null
    var keyed: [(String, ContentBox)]?
    var unkeyed: [ContentBox]?

    var resolved: GeneratedContent {
        if let keyed { return GeneratedContent(kind: .object(keyed.map { .init($0.0, $0.1.resolved) })) }
        if let unkeyed { return GeneratedContent(elements: unkeyed.map(\.resolved)) }
        return content
    }

    func child(forKey key: String) -> ContentBox {
        if keyed == nil { keyed = [] }
        if let existing = keyed!.first(where: { $0.0 == key }) { return existing.1 }
        let box = ContentBox()
        keyed!.append((key, box))
        return box
    }

    func appendChild() -> ContentBox {
        if unkeyed == nil { unkeyed = [] }
        let box = ContentBox()
        unkeyed!.append(box)
        return box
    }
}

extension ContentBox {
    fileprivate func set(_ value: GeneratedContent) { content = value }
}

struct ContentEncoder: Encoder {
    let box: ContentBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if box.keyed == nil { box.keyed = [] }
        return KeyedEncodingContainer(KeyedContentEncoder<Key>(box: box, codingPath: codingPath))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if box.unkeyed == nil { box.unkeyed = [] }
        return UnkeyedContentEncoder(box: box, codingPath: codingPath)
    }
    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContentEncoder(box: box, codingPath: codingPath)
    }
}

/// Encodes one value into a box: primitives directly, everything else through `encode(to:)`.
private func encodeValue<T: Encodable>(_ value: T, into box: ContentBox, path: [any CodingKey]) throws {
    if let content = value as? GeneratedContent {
        box.set(content)
    } else if let string = value as? String {
        box.set(GeneratedContent(string))
    } else if let bool = value as? Bool {
        box.set(GeneratedContent(bool))
    } else if let int = value as? Int {
        box.set(GeneratedContent(int))
    } else if let double = value as? Double {
        box.set(GeneratedContent(double))
    } else if let float = value as? Float {
        box.set(GeneratedContent(Double(float)))
    } else {
        try value.encode(to: ContentEncoder(box: box, codingPath: path))
    }
}

struct KeyedContentEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ContentBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.child(forKey: key.stringValue).set(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: box.child(forKey: key.stringValue), path: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        ContentEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(
            keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ContentEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder {
        ContentEncoder(box: box.child(forKey: "super"), codingPath: codingPath)
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        ContentEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedContentEncoder: UnkeyedEncodingContainer {
    let box: ContentBox
    let codingPath: [any CodingKey]
    var count: Int { box.unkeyed?.count ?? 0 }

    mutating func encodeNil() throws { box.appendChild().set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: box.appendChild(), path: codingPath)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        ContentEncoder(box: box.appendChild(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        ContentEncoder(box: box.appendChild(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { ContentEncoder(box: box.appendChild(), codingPath: codingPath) }
}

struct SingleContentEncoder: SingleValueEncodingContainer {
    let box: ContentBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: box, path: codingPath) }
}
