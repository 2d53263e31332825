/// The exact value of a JSON number literal: `±digits × 10^exponent`, normalized so that equal
/// values have equal representations (no leading or trailing zeros in `digits`; zero has no
/// digits and is never negative).
///
/// JSON Schema compares numbers by value with no rounding: `1e20` and `100000000000000000000`
/// are equal, `18446744073709551616` is greater than `18446744073709551615`, and `0.3` is a
/// multiple of `0.1`. Doubles get all three wrong; this type gets them right.
struct DecimalValue: Hashable, Sendable {
    /// Whether the value is below zero.
    let negative: Bool
    /// Decimal digits, most significant first, each 0...9.
    let digits: [UInt8]
    /// The power of ten the digits are scaled by.
    let exponent: Int

    /// Exponents are clamped to this magnitude, far beyond any number a double can hold, so
    /// absurd literals (`1e999999999999999999`) cannot overflow the arithmetic.
    static let exponentLimit = 1 << 40

    static let zero = DecimalValue(negative: false, digits: [], exponent: 0)

    private init(negative: Bool, digits: [UInt8], exponent: Int) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    /// Parses an RFC 8259 number literal (the caller has checked the syntax).
    init(literal text: String) {
        var negative = false
        var digits: [UInt8] = []
        var exponent = 0
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var afterPoint = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                afterPoint = true
                continue
            }
            digits.append(byte - UInt8(ascii: "0"))
            if afterPoint { exponent -= 1 }
        }
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            var sign = 1
            if let s = bytes.first, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") {
                sign = s == UInt8(ascii: "-") ? -1 : 1
                bytes = bytes.dropFirst()
            }
            var written = 0
            for byte in bytes where written < Self.exponentLimit {
                written = min(written * 10 + Int(byte - UInt8(ascii: "0")), Self.exponentLimit)
            }
            exponent = max(min(exponent + sign * written, Self.exponentLimit), -Self.exponentLimit)
        }
        self.init(normalizing: negative, digits, exponent)
    }

    /// Strips leading and trailing zeros (moving the exponent) and makes zero unsigned.
    init(normalizing negative: Bool, _ digits: [UInt8], _ exponent: Int) {
        guard let first = digits.firstIndex(where: { $0 != 0 }) else {
            self = .zero
            return
        }
        let last = digits.lastIndex(where: { $0 != 0 })!
        self.init(
            negative: negative, digits: Array(digits[first...last]), exponent: exponent + (digits.count - 1 - last))
    }

    var isZero: Bool { digits.isEmpty }

    /// Whether the value has no fractional part (`1.0`, `1e3` and `2.5e1` do not).
    var isIntegral: Bool { exponent >= 0 }

    /// The power of ten just above the value's leading digit, used to compare magnitudes.
    private var magnitude: Int { digits.count + exponent }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`, exactly.
    func compare(_ other: DecimalValue) -> Int {
        if negative != other.negative { return negative ? -1 : 1 }
        let sign = negative ? -1 : 1
        if isZero || other.isZero {
            if isZero && other.isZero { return 0 }
            return isZero ? -sign : sign
        }
        if magnitude != other.magnitude { return magnitude < other.magnitude ? -sign : sign }
        let length = max(digits.count, other.digits.count)
        for index in 0..<length {
            let a = index < digits.count ? digits[index] : 0
            let b = index < other.digits.count ? other.digits[index] : 0
            if a != b { return a < b ? -sign : sign }
        }
        return 0
    }

    /// The value as an `Int64` if it is integral and fits.
    var int64: Int64? {
        guard isIntegral, digits.count + exponent <= 19 else { return isZero ? 0 : nil }
        var value: Int64 = 0
        for digit in digits + Array(repeating: 0, count: exponent) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(negative ? -Int64(digit) : Int64(digit))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// The greatest integer not above the value, if it fits in an `Int64`.
    var floorInt64: Int64? { rounded(up: false) }
    /// The least integer not below the value, if it fits in an `Int64`.
    var ceilingInt64: Int64? { rounded(up: true) }

    private func rounded(up: Bool) -> Int64? {
        if isIntegral { return int64 }
        let whole = DecimalValue(normalizing: negative, Array(digits.dropLast(-exponent)), 0)
        guard let truncated = whole.int64 else { return nil }
        // Truncation moved toward zero: one step further when rounding away from it.
        let awayFromZero = up != negative
        guard awayFromZero else { return truncated }
        let (result, overflow) = truncated.addingReportingOverflow(up ? 1 : -1)
        return overflow ? nil : result
    }

    /// Whether `self` is an integer multiple of `divisor` (which must be above zero), exactly.
    func isMultiple(of divisor: DecimalValue) -> Bool {
        if isZero { return true }
        guard !divisor.isZero else { return false }
        // self / divisor = (a / b) × 10^shift with a, b the digit strings.
        let shift = exponent - divisor.exponent
        // `a` has no trailing zeros, so b × 10^k (k ≥ 1) never divides it.
        guard shift >= 0 else { return false }
        // Split b = 2^twos × 5^fives × rest with rest coprime to 10: a × 10^shift is divisible
        // by b when 10^shift covers the twos and fives and rest divides a.
        var (rest, twos, fives) = (divisor.digits, 0, 0)
        while let quotient = Self.divide(rest, by: 2) {
            rest = quotient
            twos += 1
        }
        while let quotient = Self.divide(rest, by: 5) {
            rest = quotient
            fives += 1
        }
        if shift >= max(twos, fives) { return Self.remainder(digits, modulo: rest) }
        return Self.remainder(digits + Array(repeating: 0, count: shift), modulo: divisor.digits)
    }

    /// `digits / divisor` when it divides exactly (digits normalized), else nil.
    private static func divide(_ digits: [UInt8], by divisor: Int) -> [UInt8]? {
        var quotient: [UInt8] = []
        var carry = 0
        for digit in digits {
            let current = carry * 10 + Int(digit)
            quotient.append(UInt8(current / divisor))
            carry = current % divisor
        }
        guard carry == 0, let first = quotient.firstIndex(where: { $0 != 0 }) else { return nil }
        return Array(quotient[first...])
    }

    /// Whether the decimal `dividend` is divisible by the decimal `modulus`, by long division
    /// one digit at a time (the running remainder never exceeds the modulus' length + 1).
    private static func remainder(_ dividend: [UInt8], modulo modulus: [UInt8]) -> Bool {
        if modulus == [1] { return true }
        var remainder: [UInt8] = []
        for digit in dividend {
            if !(remainder.isEmpty && digit == 0) { remainder.append(digit) }
            while !less(remainder, modulus) { remainder = subtract(remainder, modulus) }
        }
        return remainder.isEmpty
    }

    /// `a < b` for normalized digit strings.
    private static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        for (x, y) in zip(a, b) where x != y { return x < y }
        return false
    }

    /// `a - b` for normalized digit strings with `a ≥ b`, normalized.
    private static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = a
        var borrow: UInt8 = 0
        for offset in 0..<a.count {
            let index = a.count - 1 - offset
            let subtrahend = (offset < b.count ? b[b.count - 1 - offset] : 0) + borrow
            if result[index] >= subtrahend {
                result[index] -= subtrahend
                borrow = 0
            } else {
                result[index] = result[index] + 10 - subtrahend
                borrow = 1
            }
        }
        guard let first = result.firstIndex(where: { $0 != 0 }) else { return [] }
        return Array(result[first...])
    }
}
