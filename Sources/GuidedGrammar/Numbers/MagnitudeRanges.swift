/// Decomposes ranges of non-negative integers ("magnitudes", the part after any `-` sign)
/// into alternatives of ``DigitSequence``s that match their canonical decimal spellings.
enum MagnitudeRanges {
    /// The largest supported bound: the largest 19-digit number (`|Int64.min|` fits below it).
    static let largestBound: UInt64 = 9_999_999_999_999_999_999

    /// Alternatives matching exactly the canonical spellings (no leading zeros) of the
    /// integers in `lower...upper`; `upper == nil` means no upper limit (any number of digits).
    ///
    /// Alternatives are ordered by digit count, then by value. Runs of complete digit
    /// counts (all `n`-digit numbers for consecutive `n`) collapse into one
    /// `[1-9] [0-9]{a,b}` alternative.
    ///
    /// - Precondition: `lower <= upper` and both are at most ``largestBound``.
    static func alternatives(from lower: UInt64, through upper: UInt64?) -> [DigitSequence] {
        precondition(lower <= (upper ?? lower) && (upper ?? lower) <= largestBound, "invalid magnitude range")
        let lowerLength = digitCount(lower)
        let lastBoundedLength = upper.map(digitCount) ?? lowerLength
        var segments: [Segment] = []
        for length in lowerLength...lastBoundedLength {
            let first = length == 1 ? 0 : powerOfTen(length - 1)
            let last = powerOfTen(length) - 1
            let low = max(lower, first)
            let high = min(upper ?? last, last)
            if low == max(first, 1) && high == last {
                segments.appendFull(minLength: length, maxLength: length)
            } else {
                segments.append(.partial(sameLength(digits(of: low), digits(of: high))))
            }
        }
        if upper == nil {
            segments.appendFull(minLength: lowerLength + 1, maxLength: nil)
        }
        return segments.flatMap(\.sequences)
    }

    /// Alternatives for all numbers between the equally long digit strings `low` and `high`.
    ///
    /// Classic decomposition: after the common prefix, split on the first differing digit
    /// into a lower edge (`low`'s digit followed by `rest...99`), a middle block of complete
    /// digits, and an upper edge (`high`'s digit followed by `00...rest`).
    static func sameLength(_ low: [UInt8], _ high: [UInt8]) -> [DigitSequence] {
        precondition(low.count == high.count && !lexicographicallyGreater(low, high), "invalid same-length range")
        var split = 0
        while split < low.count && low[split] == high[split] { split += 1 }
        let prefix = DigitSequence(low[..<split].map { .digit(low: $0, high: $0) })
        if split == low.count { return [prefix] }

        let restLength = low.count - split - 1
        let lowRest = Array(low[(split + 1)...])
        let highRest = Array(high[(split + 1)...])
        var lowerEdge: [DigitSequence] = []
        var upperEdge: [DigitSequence] = []
        var middleLow = low[split]
        var middleHigh = high[split]

        if lowRest.contains(where: { $0 != 0 }) {
            let head = prefix + DigitSequence([.digit(low: middleLow, high: middleLow)])
            lowerEdge = sameLength(lowRest, Array(repeating: 9, count: restLength)).map { head + $0 }
            middleLow += 1
        }
        if highRest.contains(where: { $0 != 9 }) {
            let head = prefix + DigitSequence([.digit(low: middleHigh, high: middleHigh)])
            upperEdge = sameLength(Array(repeating: 0, count: restLength), highRest).map { head + $0 }
            middleHigh -= 1
        }
        var middle: [DigitSequence] = []
        if middleLow <= middleHigh {
            middle = [
                prefix
                    + DigitSequence([
                        .digit(low: middleLow, high: middleHigh),
                        .anyDigits(min: restLength, max: restLength),
                    ])
            ]
        }
        return lowerEdge + middle + upperEdge
    }

    /// The decimal digits of `value`, most significant first.
    static func digits(of value: UInt64) -> [UInt8] {
        String(value).utf8.map { $0 - UInt8(ascii: "0") }
    }

    /// The number of decimal digits of `value` (1 for zero).
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// `10^exponent`; `exponent` must be at most 19.
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        precondition((0...19).contains(exponent), "power of ten out of UInt64 range")
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    private static func lexicographicallyGreater(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        rhs.lexicographicallyPrecedes(lhs)
    }
}

/// A piece of a magnitude decomposition, before rendering.
private enum Segment {
    /// Every number with `minLength...maxLength` digits (`maxLength == nil`: no limit).
    case full(minLength: Int, maxLength: Int?)
    /// Explicit alternatives for part of one digit count.
    case partial([DigitSequence])

    var sequences: [DigitSequence] {
        switch self {
        case .partial(let sequences):
            return sequences
        case .full(let minLength, let maxLength):
            return [
                DigitSequence([
                    .digit(low: 1, high: 9),
                    .anyDigits(min: minLength - 1, max: maxLength.map { $0 - 1 }),
                ])
            ]
        }
    }
}

extension [Segment] {
    /// Appends a complete-digit-count block, merging it with a directly preceding one.
    fileprivate mutating func appendFull(minLength: Int, maxLength: Int?) {
        if case .full(let previousMin, let previousMax?)? = last, previousMax + 1 == minLength {
            self[count - 1] = .full(minLength: previousMin, maxLength: maxLength)
        } else {
            append(.full(minLength: minLength, maxLength: maxLength))
        }
    }
}
