/// One element of a ``DigitSequence``: the building blocks of integer-range grammars.
enum DigitAtom: Equatable, Sendable {
    /// Literal text such as `-` or `25`, rendered as a quoted GBNF literal.
    case literal(String)
    /// A single digit in `low...high` (both in `0...9`), rendered as a character class.
    case digit(low: UInt8, high: UInt8)
    /// Between `min` and `max` arbitrary digits (`max == nil`: no upper limit), rendered as
    /// `[0-9]` with a repetition suffix.
    case anyDigits(min: Int, max: Int?)
}

/// A normalised sequence of ``DigitAtom``s: one alternative of an integer-range expression.
///
/// Appending keeps the sequence canonical, so equal languages built the same way render
/// identically: adjacent literals are merged, one-digit classes become literals, the class
/// `[0-9]` becomes `anyDigits(min: 1, max: 1)`, and adjacent `anyDigits` runs are summed.
struct DigitSequence: Equatable, Sendable {
    /// The atoms, in order.
    private(set) var atoms: [DigitAtom] = []

    /// Creates a sequence from `atoms`, normalising as it goes.
    init(_ atoms: [DigitAtom] = []) {
        for atom in atoms { append(atom) }
    }

    /// Appends `atom`, merging it into the last atom where possible.
    mutating func append(_ atom: DigitAtom) {
        switch atom {
        case .literal(let text):
            guard !text.isEmpty else { return }
            if case .literal(let previous)? = atoms.last {
                atoms[atoms.count - 1] = .literal(previous + text)
            } else {
                atoms.append(atom)
            }
        case .digit(let low, let high):
            precondition(low <= high && high <= 9, "invalid digit class")
            if low == high {
                append(.literal(String(low)))
            } else if low == 0 && high == 9 {
                append(.anyDigits(min: 1, max: 1))
            } else {
                atoms.append(atom)
            }
        case .anyDigits(let min, let max):
            precondition(min >= 0 && (max ?? min) >= min, "invalid digit repetition")
            if min == 0 && max == 0 { return }
            if case .anyDigits(let previousMin, let previousMax)? = atoms.last {
                let total = previousMax.flatMap { previous in max.map { previous + $0 } }
                atoms[atoms.count - 1] = .anyDigits(min: previousMin + min, max: total)
            } else {
                atoms.append(atom)
            }
        }
    }

    /// Concatenates two sequences.
    static func + (lhs: DigitSequence, rhs: DigitSequence) -> DigitSequence {
        var result = lhs
        for atom in rhs.atoms { result.append(atom) }
        return result
    }

    /// The GBNF spelling: atoms separated by single spaces.
    var gbnf: String {
        atoms.map(Self.render).joined(separator: " ")
    }

    private static func render(_ atom: DigitAtom) -> String {
        switch atom {
        case .literal(let text):
            return "\"" + text + "\""
        case .digit(let low, let high):
            return "[\(low)-\(high)]"
        case .anyDigits(let min, let max):
            return "[0-9]" + repetitionSuffix(min: min, max: max)
        }
    }

    /// The shortest GBNF suffix for `min...max` repetitions (`max == nil`: unbounded).
    private static func repetitionSuffix(min: Int, max: Int?) -> String {
        switch (min, max) {
        case (1, 1?): return ""
        case (0, nil): return "*"
        case (1, nil): return "+"
        case (0, 1?): return "?"
        case (_, nil): return "{\(min),}"
        case (_, let max?) where max == min: return "{\(min)}"
        case (_, let max?): return "{\(min),\(max)}"
        }
    }
}
