/// An immutable set of Unicode code points, stored as sorted, disjoint,
/// non-adjacent closed ranges.
///
/// The universe is `0...0x10FFFF` (surrogate code points included, so that
/// complements stay compact; Swift strings never contain surrogates, so they
/// never affect matching).
package struct RegexScalarSet: Sendable, Hashable {
    /// The largest code point.
    package static let maximumCodePoint: UInt32 = 0x10FFFF

    /// The normalized ranges: sorted ascending, disjoint and non-adjacent.
    public let ranges: [ClosedRange<UInt32>]

    /// A set with no code points: it matches nothing, and its complement matches everything.
    public init() {
        ranges = []
    }

    /// Creates a set holding every code point of `ranges` (in any order, overlapping allowed).
    public init<S: Sequence>(_ ranges: S) where S.Element == ClosedRange<UInt32> {
        let sorted = ranges.map { $0.clamped(to: 0...Self.maximumCodePoint) }
            .sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<UInt32>] = []
        merged.reserveCapacity(sorted.count)
        for range in sorted {
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1, last.upperBound != UInt32.max {
                if range.upperBound > last.upperBound {
                    merged[merged.count - 1] = last.lowerBound...range.upperBound
                }
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// A set holding the given code points.
    public init(scalars: [UInt32]) {
        self.init(scalars.map { $0...$0 })
    }

    /// Every code point.
    public static let all = RegexScalarSet([0...maximumCodePoint])

    /// `true` if the set holds no code point.
    public var isEmpty: Bool { ranges.isEmpty }

    /// The number of code points in the set.
    public var count: Int {
        ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 }
    }

    /// The single code point of a one-element set, else `nil`.
    package var singleElement: UInt32? {
        if ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound { return ranges[0].lowerBound }
        return nil
    }

    /// `true` if `codePoint` is in the set (binary search).
    public func contains(_ codePoint: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if codePoint < range.lowerBound {
                high = mid - 1
            } else if codePoint > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The complement within `0...0x10FFFF`.
    package var inverted: RegexScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if let last = ranges.last, last.upperBound >= Self.maximumCodePoint { return RegexScalarSet(result) }
        result.append(next...Self.maximumCodePoint)
        return RegexScalarSet(result)
    }

    /// The code points in either set.
    public func union(_ other: RegexScalarSet) -> RegexScalarSet {
        RegexScalarSet(ranges + other.ranges)
    }

    /// The code points in both sets.
    public func intersection(_ other: RegexScalarSet) -> RegexScalarSet {
        inverted.union(other.inverted).inverted
    }

    /// The code points of `self` that are not in `other`.
    package func subtracting(_ other: RegexScalarSet) -> RegexScalarSet {
        intersection(other.inverted)
    }
}
