/// The bytes libFuzzer hands a target, and the same bytes as text (invalid UTF-8 repaired, as a
/// caller holding a `String` would have it).
public struct FuzzInput {
    /// The raw bytes.
    public let bytes: [UInt8]

    /// Copies libFuzzer's buffer.
    public init(_ start: UnsafeRawPointer, _ count: Int) {
        bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The bytes decoded as UTF-8.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The first byte (a selector for targets that fuzz several entry points), and the rest.
    public var split: (selector: UInt8, rest: [UInt8]) { (bytes.first ?? 0, Array(bytes.dropFirst())) }
}
