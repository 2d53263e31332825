extension GeneratedContent: Codable {
    /// Decodes any JSON value; from Guided's own decoder the content passes through unchanged.
    public init(from decoder: any Decoder) throws {
        if let own = decoder as? ContentDecoder {
            self = own.content
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self.init(value)
        } else if let value = try? single.decode(Int.self) {
            self.init(value)
        } else if let value = try? single.decode(Double.self) {
            self.init(value)
        } else if let value = try? single.decode(String.self) {
            self.init(value)
        } else if let value = try? single.decode([GeneratedContent].self) {
            self.init(elements: value)
        } else {
            let keyed = try decoder.container(keyedBy: ContentCodingKey.self)
            var properties: [Property] = []
            for key in keyed.allKeys {
                properties.append(Property(key.stringValue, try keyed.decode(GeneratedContent.self, forKey: key)))
            }
            self.init(kind: .object(properties))
        }
    }

    /// Encodes the JSON value itself — objects as keyed containers in property order, arrays as
    /// unkeyed ones — so content nested in a `Codable` type keeps its shape.
    public func encode(to encoder: any Encoder) throws {
        switch kind {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let number):
            var single = encoder.singleValueContainer()
            if let int = Int(number.text) { try single.encode(int) } else { try single.encode(number.doubleValue) }
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .object(let properties):
            var keyed = encoder.container(keyedBy: ContentCodingKey.self)
            for property in properties {
                try keyed.encode(property.value, forKey: ContentCodingKey(stringValue: property.name))
            }
        }
    }
}
