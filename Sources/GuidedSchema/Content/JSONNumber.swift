/// A JSON number that keeps its literal text, so `1.0`, `1e2` and `100` stay distinguishable
/// and large integers are not rounded when they pass through.
public struct JSONNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
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

    /// `integer`, written in decimal with no fraction or exponent; exact for every `Int`.
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

    /// The exact value of the literal.
    var decimal: DecimalValue { DecimalValue(literal: text) }

    /// JSON Schema's notion of an integer: any number with a zero fractional part (`1.0` and
    /// `1e400` count), decided on the literal's exact value.
    package var isIntegral: Bool {
        if doubleValue.isFinite, abs(doubleValue) < 1e15 { return doubleValue == doubleValue.rounded(.towardZero) }
        return decimal.isIntegral
    }

    /// The value as an `Int`, if it is integral and fits.
    package var intValue: Int? {
        if let exact = Int(text) { return exact }
        return decimal.int64.map { Int($0) }
    }

    /// Whether this number is an integer multiple of `divisor` (JSON Schema `multipleOf`),
    /// computed exactly on the decimal values: `0.3` is a multiple of `0.1`, and `1e308` is
    /// not a multiple of `0.123456789`. `divisor` must be above zero.
    package func isMultiple(of divisor: JSONNumber) -> Bool {
        if let value = Int(text), let step = Int(divisor.text), step > 0 { return value % step == 0 }
        return decimal.isMultiple(of: divisor.decimal)
    }

    /// The greatest integer not above this number, if it fits in an `Int64` (exact).
    package var floorInt64: Int64? { decimal.floorInt64 }
    /// The least integer not below this number, if it fits in an `Int64` (exact).
    package var ceilingInt64: Int64? { decimal.ceilingInt64 }

    /// The literal text.
    public var description: String { text }

    /// Numbers compare by exact value, not by spelling: `1.0 == 1`, `1e2 == 100`, and
    /// `18446744073709551616 != 18446744073709551615` (which doubles would call equal).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        if let l = Int(lhs.text), let r = Int(rhs.text) { return l == r }
        if lhs.doubleValue != rhs.doubleValue, lhs.doubleValue.isFinite, rhs.doubleValue.isFinite { return false }
        return lhs.decimal.compare(rhs.decimal) == 0
    }

    /// Orders numbers by exact value.
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let l = Int(lhs.text), let r = Int(rhs.text) { return l < r }
        return lhs.decimal.compare(rhs.decimal) < 0
    }

    /// Hashes by value, consistent with `==` (equal values have equal nearest doubles).
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

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Lets `NumericBounds(minimum: 0)` take a literal; exact, like ``init(_:)-(Int)``.
    public init(integerLiteral value: Int) { self.init(value) }
    /// A number from a floating-point literal (written in its shortest exact form).
    public init(floatLiteral value: Double) { self.init(value) }
}
