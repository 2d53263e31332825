import GuidedTestTraits
import Testing

/// Exhaustive checks of sub-ranges of [-1000, 1000]: every integer in the range and within
/// 120 of it must be accepted iff it lies in the range (plus probes at every digit-count
/// boundary up to ±1100), and no non-canonical spelling may be accepted.
@Suite(.ownThreads) struct IntegerRangeGrammarSmallRangeTests {
    /// Bounds chosen around every digit-count and digit-position boundary up to 1000.
    static let bounds: [Int64] = {
        let magnitudes: [Int64] = [
            0, 1, 5, 9, 10, 11, 19, 20, 55, 90, 99, 100, 101, 109, 110,
            199, 200, 255, 909, 990, 999, 1000,
        ]
        return Array(Set(magnitudes + magnitudes.map { -$0 })).sorted()
    }()

    /// Values just around every digit-count boundary in [-1100, 1100].
    static let boundaryProbes: [Int128] = [
        0, 1, -1, 9, -9, 10, -10, 11, -11, 99, -99, 100, -100, 101, -101,
        999, -999, 1000, -1000, 1001, -1001, 1100, -1100,
    ]

    @Test(arguments: bounds)
    func closedRangesStartingAt(minimum: Int64) throws {
        for maximum in Self.bounds where maximum >= minimum {
            try check(minimum: minimum, maximum: maximum)
        }
    }

    @Test(arguments: bounds)
    func halfOpenRanges(bound: Int64) throws {
        try check(minimum: bound, maximum: nil)
        try check(minimum: nil, maximum: bound)
    }

    @Test func unboundedRange() throws {
        try check(minimum: nil, maximum: nil)
    }

    /// Every range [a, b] with -25 <= a <= b <= 110, checked on [a - 15, b + 15] and the
    /// digit-count boundaries.
    @Test func allTinyRanges() throws {
        for minimum in Int64(-25)...110 {
            for maximum in minimum...110 {
                let checker = try RangeChecker(minimum: minimum, maximum: maximum)
                let window = Array((Int128(minimum) - 15)...(Int128(maximum) + 15)) + Self.boundaryProbes
                let failures = checker.mismatches(window)
                #expect(failures.isEmpty, "\(checker.expression): \(failures.prefix(5))")
            }
        }
    }

    private func check(minimum: Int64?, maximum: Int64?) throws {
        let checker = try RangeChecker(minimum: minimum, maximum: maximum)
        let label = "\(RangeChecker.describe(minimum, maximum)) -> \(checker.expression)"
        let low = Int128(minimum ?? -1000) - 120
        let high = Int128(maximum ?? 1000) + 120
        let failures = checker.mismatches(Array(low...high) + Self.boundaryProbes)
        #expect(failures.isEmpty, "\(label): \(failures.prefix(5))")
        let samples: [Int128] = [minimum, maximum, 0, 7, -7, 1000, -1000].compactMap { $0.map { Int128($0) } }
        let nonCanonical = checker.acceptedNonCanonical(derivedFrom: samples)
        #expect(nonCanonical.isEmpty, "\(label) accepted \(nonCanonical)")
    }
}
