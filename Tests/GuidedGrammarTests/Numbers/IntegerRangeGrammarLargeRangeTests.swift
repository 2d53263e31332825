import GuidedTestTraits
import Testing

/// Checks ranges with bounds anywhere in Int64, including its extremes, using sampled values
/// around the bounds, around powers of ten, random values, and numbers beyond Int64.
@Suite(.ownThreads) struct IntegerRangeGrammarLargeRangeTests {
    /// Numbers with more digits than any Int64: accepted only on an open side.
    static let hugeSpellings = [
        "9223372036854775808", "-9223372036854775809", "10000000000000000000",
        "-10000000000000000000", "123456789012345678901234567890",
        "-123456789012345678901234567890",
    ]

    static let extremes: [Int64?] = [
        nil, .min, .min + 1, -9_000_000_000_000_000_000, -1_000_000_000_000_000_000,
        -999_999_999_999_999_999, -4_611_686_018_427_387_904, -10, -1, 0, 1, 10,
        999_999_999_999_999_999, 1_000_000_000_000_000_000, 4_611_686_018_427_387_904,
        9_000_000_000_000_000_000, .max - 1, .max,
    ]

    @Test(arguments: extremes)
    func rangesBetweenExtremes(minimum: Int64?) throws {
        for maximum in Self.extremes where minimum == nil || maximum == nil || minimum! <= maximum! {
            try check(minimum: minimum, maximum: maximum, extra: [])
        }
    }

    /// 400 random ranges (fixed seed) with bounds of random digit counts and signs.
    @Test func randomRanges() throws {
        var generator = SplitMix64(seed: 0x6775_6964_6564)
        for _ in 0..<400 {
            var first = Self.randomBound(using: &generator)
            var second = Self.randomBound(using: &generator)
            if let a = first, let b = second, a > b { swap(&first, &second) }
            let low = Int128(first ?? Int64.min) - 1000
            let high = Int128(second ?? Int64.max) + 1000
            let random = (0..<60).map { _ in Int128.random(in: low...high, using: &generator) }
            try check(minimum: first, maximum: second, extra: random)
        }
    }

    private static func randomBound(using generator: inout SplitMix64) -> Int64? {
        if Int.random(in: 0..<12, using: &generator) == 0 { return nil }
        let digits = Int.random(in: 1...19, using: &generator)
        var limit: UInt64 = 1
        for _ in 0..<(digits - 1) { limit *= 10 }
        let magnitude = UInt64.random(in: 0...min(limit * 10 - 1, UInt64(Int64.max)), using: &generator)
        let value = Int64(magnitude)
        return Bool.random(using: &generator) ? value : -value
    }

    private func check(minimum: Int64?, maximum: Int64?, extra: [Int128]) throws {
        let checker = try RangeChecker(minimum: minimum, maximum: maximum)
        let label = "\(RangeChecker.describe(minimum, maximum)) -> \(checker.expression)"
        var values = extra + probes(near: 0)
        for bound in [minimum, maximum, Int64.min, Int64.max].compactMap({ $0 }) {
            values += probes(near: Int128(bound))
        }
        let failures = checker.mismatches(Set(values).sorted())
        #expect(failures.isEmpty, "\(label): \(failures.prefix(5))")

        for spelling in Self.hugeSpellings {
            let negative = spelling.hasPrefix("-")
            let expected = negative ? minimum == nil : maximum == nil
            #expect(checker.grammar.matches(spelling) == expected, "\(label): \(spelling)")
        }
        let bounds: [Int128] = [minimum, maximum].compactMap { $0.map { Int128($0) } }
        let samples = bounds + Array(extra.prefix(5))
        let nonCanonical = checker.acceptedNonCanonical(derivedFrom: samples.filter(checker.contains))
        #expect(nonCanonical.isEmpty, "\(label) accepted \(nonCanonical)")
    }
}
