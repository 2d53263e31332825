/// A JSON number that keeps its literal text, so `1.0`, `1e2` and `100` stay distinguishable
/// and large integers are not rounded when they pass through.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written in JSON (always a valid JSON number literal).
    public let text: String
    /// The value as a `Double` (rounded for long literals).
    public let doubleValue: Double

    /// Creates a number from a JSON literal; nil when `text` is not a JSON number literal.
    public init?(text: String) {
        guard JSONNumber.isValidLiteral(text), let value = Double(text) else { return nil }
        self.text = text
        self.doubleValue = value
    }

    /// Creates a number from an integer.
    public init(_ integer: Int) {
        self.text = String(integer)
        self.doubleValue = Double(integer)
    }

    /// Creates a number from a double. JSON cannot hold NaN or infinity; they are written as `0`.
    public init(_ double: Double) {
        if !double.isFinite {
            self.text = "0"
            self.doubleValue = 0
        } else if double == double.rounded(), abs(double) < 1e15 {
            self.text = String(Int64(double))
            self.doubleValue = double
        } else {
            self.text = "\(double)"
            self.doubleValue = double
        }
    }

    /// JSON Schema's notion of an integer: any number with a zero fractional part (`1.0` counts).
    public var isIntegral: Bool { doubleValue.isFinite && doubleValue == doubleValue.rounded(.towardZero) }

    /// The value as an `Int`, if it is integral and fits.
    public var intValue: Int? {
        if let exact = Int(text) { return exact }
        guard isIntegral, abs(doubleValue) < 9.2e18 else { return nil }
        return Int(doubleValue)
    }

    /// The literal text.
    public var description: String { text }

    /// Numbers compare by value, not by spelling: `1.0 == 1`.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let l = Int(lhs.text), let r = Int(rhs.text) { return l == r }
        return lhs.doubleValue == rhs.doubleValue
    }

    /// Hashes by value, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(doubleValue == 0 ? 0 : doubleValue)
    }

    /// Whether `text` is an RFC 8259 number literal.
    static func isValidLiteral(_ text: String) -> Bool {
        var scalars = Array(text.utf8)[...]
        if scalars.first == UInt8(ascii: "-") { scalars = scalars.dropFirst() }
        guard let first = scalars.first, isDigit(first) else { return false }
        if first == UInt8(ascii: "0") {
            scalars = scalars.dropFirst()
        } else {
            while let c = scalars.first, isDigit(c) { scalars = scalars.dropFirst() }
        }
        if scalars.first == UInt8(ascii: ".") {
            scalars = scalars.dropFirst()
            guard let c = scalars.first, isDigit(c) else { return false }
            while let c = scalars.first, isDigit(c) { scalars = scalars.dropFirst() }
        }
        if let e = scalars.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                scalars = scalars.dropFirst()
            }
            guard let c = scalars.first, isDigit(c) else { return false }
            while let c = scalars.first, isDigit(c) { scalars = scalars.dropFirst() }
        }
        return scalars.isEmpty
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
