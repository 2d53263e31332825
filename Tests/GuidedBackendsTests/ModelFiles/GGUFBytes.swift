@testable import GuidedManagedServer

/// GGUF files built byte by byte, for tests: each function gives the little-endian bytes of one
/// part, so a test can assemble valid files and break them anywhere.
enum GGUFBytes {
    /// `value`, little-endian.
    static func integer<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// A GGUF string: a `u64` length, then the bytes.
    static func string(_ bytes: [UInt8]) -> [UInt8] {
        integer(UInt64(bytes.count)) + bytes
    }

    /// A GGUF string of `text`'s UTF-8.
    static func string(_ text: String) -> [UInt8] {
        string(Array(text.utf8))
    }

    /// A type tag.
    static func type(_ type: GGUFValueType) -> [UInt8] {
        integer(type.rawValue)
    }

    /// The bytes of a scalar or string `value`, without its type tag.
    static func payload(_ value: GGUFValue) -> [UInt8] {
        switch value {
        case .uint8(let value): integer(value)
        case .int8(let value): integer(value)
        case .uint16(let value): integer(value)
        case .int16(let value): integer(value)
        case .uint32(let value): integer(value)
        case .int32(let value): integer(value)
        case .float32(let value): integer(value.bitPattern)
        case .bool(let value): [value ? 1 : 0]
        case .string(let value): string(value)
        case .uint64(let value): integer(value)
        case .int64(let value): integer(value)
        case .float64(let value): integer(value.bitPattern)
        case .array: preconditionFailure("write arrays with array(_:_:)")
        }
    }

    /// The type of a scalar or string `value`.
    static func valueType(_ value: GGUFValue) -> GGUFValueType {
        switch value {
        case .uint8: .uint8
        case .int8: .int8
        case .uint16: .uint16
        case .int16: .int16
        case .uint32: .uint32
        case .int32: .int32
        case .float32: .float32
        case .bool: .bool
        case .string: .string
        case .uint64: .uint64
        case .int64: .int64
        case .float64: .float64
        case .array: .array
        }
    }

    /// An array's body, as it follows the `array` tag or stands as an element of an outer array:
    /// the element type, the count, then the elements' bytes.
    static func arrayBody(_ elementType: GGUFValueType, _ elements: [[UInt8]], count: UInt64? = nil) -> [UInt8] {
        type(elementType) + integer(count ?? UInt64(elements.count)) + elements.flatMap { $0 }
    }

    /// A key/value entry holding a scalar or string `value`.
    static func entry(_ key: String, _ value: GGUFValue) -> [UInt8] {
        string(key) + type(valueType(value)) + payload(value)
    }

    /// A key/value entry holding an array of `elementType` whose elements are `elements`.
    static func arrayEntry(_ key: String, _ elementType: GGUFValueType, _ elements: [[UInt8]]) -> [UInt8] {
        string(key) + type(.array) + arrayBody(elementType, elements)
    }

    /// A whole file: the magic, `version`, `tensorCount`, the key count (the number of
    /// `entries` unless given), then the entries.
    static func file(
        version: UInt32 = 3, tensorCount: UInt64 = 0, keyCount: UInt64? = nil, _ entries: [[UInt8]]
    ) -> [UInt8] {
        Array("GGUF".utf8) + integer(version) + integer(tensorCount) + integer(keyCount ?? UInt64(entries.count))
            + entries.flatMap { $0 }
    }
}
