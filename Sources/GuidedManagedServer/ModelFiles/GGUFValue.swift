/// The type of a GGUF metadata value, as its `u32` tag in the file says.
package enum GGUFValueType: UInt32, Sendable, Hashable, CaseIterable {
    /// An unsigned 8-bit integer.
    case uint8 = 0
    /// A signed 8-bit integer.
    case int8 = 1
    /// An unsigned 16-bit integer.
    case uint16 = 2
    /// A signed 16-bit integer.
    case int16 = 3
    /// An unsigned 32-bit integer.
    case uint32 = 4
    /// A signed 32-bit integer.
    case int32 = 5
    /// A 32-bit float.
    case float32 = 6
    /// A boolean, one byte.
    case bool = 7
    /// A string: a `u64` byte length, then UTF-8 bytes.
    case string = 8
    /// An array: a `u32` element type, a `u64` count, then the elements.
    case array = 9
    /// An unsigned 64-bit integer.
    case uint64 = 10
    /// A signed 64-bit integer.
    case int64 = 11
    /// A 64-bit float.
    case float64 = 12

    /// The size in bytes of one value of a fixed-size type; nil for strings and arrays.
    package var fixedSize: Int? {
        switch self {
        case .uint8, .int8, .bool: 1
        case .uint16, .int16: 2
        case .uint32, .int32, .float32: 4
        case .uint64, .int64, .float64: 8
        case .string, .array: nil
        }
    }

    /// The fewest bytes one value of this type takes: a string's length, an array's type and count.
    var minimumSize: Int {
        fixedSize ?? (self == .string ? 8 : 12)
    }

    /// The type's name in llama.cpp's terms, e.g. `u32`, for messages.
    package var name: String {
        switch self {
        case .uint8: "u8"
        case .int8: "i8"
        case .uint16: "u16"
        case .int16: "i16"
        case .uint32: "u32"
        case .int32: "i32"
        case .float32: "f32"
        case .bool: "bool"
        case .string: "string"
        case .array: "array"
        case .uint64: "u64"
        case .int64: "i64"
        case .float64: "f64"
        }
    }
}

/// One metadata value of a GGUF file. Arrays keep only their element type and count: their
/// elements (a tokenizer's 150,000 tokens) are skipped.
package enum GGUFValue: Sendable, Hashable {
    /// A `u8`.
    case uint8(UInt8)
    /// An `i8`.
    case int8(Int8)
    /// A `u16`.
    case uint16(UInt16)
    /// An `i16`.
    case int16(Int16)
    /// A `u32`.
    case uint32(UInt32)
    /// An `i32`.
    case int32(Int32)
    /// An `f32`.
    case float32(Float)
    /// A `bool`.
    case bool(Bool)
    /// A `string`.
    case string(String)
    /// A `u64`.
    case uint64(UInt64)
    /// An `i64`.
    case int64(Int64)
    /// An `f64`.
    case float64(Double)
    /// An array of `count` elements of `elementType`, which were skipped.
    case array(elementType: GGUFValueType, count: Int)

    /// The value of any integer type, when it fits an `Int`; nil for other types.
    package var integerValue: Int? {
        switch self {
        case .uint8(let value): Int(value)
        case .int8(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        case .int64(let value): Int(value)
        default: nil
        }
    }

    /// The string, for a `string` value; nil for other types.
    package var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }
}
