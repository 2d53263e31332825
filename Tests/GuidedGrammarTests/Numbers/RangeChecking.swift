import GuidedGrammar

/// Test support: compiles a range with ``IntegerRangeGrammar`` and checks candidate spellings
/// against the obvious oracle (`minimum <= value <= maximum`), using ``MiniGBNF``.
struct RangeChecker {
    let minimum: Int64?
    let maximum: Int64?
    let expression: String
    let grammar: MiniGBNF

    /// Compiles the range; fails the caller's expectation by throwing when it is empty or the
    /// output does not parse.
    init(minimum: Int64?, maximum: Int64?) throws {
        self.minimum = minimum
        self.maximum = maximum
        guard let expression = IntegerRangeGrammar.expression(minimum: minimum, maximum: maximum) else {
            throw CheckFailure(message: "unexpected empty range \(Self.describe(minimum, maximum))")
        }
        self.expression = expression
        self.grammar = try MiniGBNF(expression)
    }

    /// Whether `value` lies in the range.
    func contains(_ value: Int128) -> Bool {
        (minimum.map { Int128($0) <= value } ?? true) && (maximum.map { value <= Int128($0) } ?? true)
    }

    /// Checks every value: accepted iff inside the range. Returns the failures.
    func mismatches(_ values: some Sequence<Int128>) -> [String] {
        var failures: [String] = []
        for value in values {
            let spelling = String(value)
            let expected = contains(value)
            if grammar.matches(spelling) != expected {
                failures.append("\(spelling) should be \(expected ? "accepted" : "rejected")")
            }
        }
        return failures
    }

    /// Non-canonical spellings derived from `values` (and fixed junk), none of which may match.
    func acceptedNonCanonical(derivedFrom values: [Int128]) -> [String] {
        var candidates = [
            "", "-", "+", "-0", "-00", "00", "01", "+0", "+1", "0.0", "1.0", "1e2", "1E2",
            "-1e2", "0x1", "1.", ".5", "--1", " 1", "1 ", "1,000", "١",
        ]
        for value in values {
            let spelling = String(value)
            let digits = String(value.magnitude)
            let sign = value < 0 ? "-" : ""
            candidates += [
                sign + "0" + digits, sign + "00" + digits, "+" + spelling, spelling + ".0",
                spelling + ".", spelling + "e0", spelling + "E1", spelling + "e+1", " " + spelling,
                spelling + " ", "-" + sign + "-" + digits, spelling + "-", spelling + "0x",
            ]
            if value == 0 { candidates.append("-0") }
        }
        return candidates.filter { grammar.matches($0) }
    }

    static func describe(_ minimum: Int64?, _ maximum: Int64?) -> String {
        "[\(minimum.map(String.init) ?? "-inf"), \(maximum.map(String.init) ?? "+inf")]"
    }
}

/// A failed check with a message.
struct CheckFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// SplitMix64: a small deterministic generator, so "random" tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Values worth probing near `bound`: the bound ±3 and the bound with each digit nudged
/// by ±1 (which crosses every digit-position boundary of the decomposition), plus the
/// powers of ten around it with their neighbours.
func probes(near bound: Int128) -> [Int128] {
    var values: [Int128] = (-3...3).map { bound + Int128($0) }
    var place: Int128 = 1
    for _ in 0..<20 {
        values += [bound + place, bound - place]
        place *= 10
    }
    var power: Int128 = 1
    for _ in 0..<21 {
        for sign: Int128 in [1, -1] {
            values += [sign * power - 1, sign * power, sign * power + 1]
        }
        power *= 10
    }
    return values
}
