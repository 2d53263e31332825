import GuidedPatterns
import GuidedSchema

/// Generates strings near a pattern's language: samples from its syntax tree,
/// mutations of them, and random strings over an alphabet of awkward characters.
struct CandidateStrings {
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "c", "f", "o", "r", "z", "A", "Z", "0", "1", "9", "-", "_", " ", ".", "\"", "\\", "/",
        "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{8}", "\u{C}", "\u{1F}", "\u{7F}", "é", "π", "\u{2028}",
        "\u{A0}", "\u{FEFF}", "😀", "{", "}", "[", "]", "^", "$",
    ]

    var random: SeededGenerator

    mutating func candidates(for pattern: RegexPattern, count: Int) -> [String] {
        var result: Set<String> = ["", "a", "\"", "\\", "/"]
        for _ in 0..<count {
            var scalars: [Unicode.Scalar] = []
            sample(pattern.root, into: &scalars)
            if Bool.random(using: &random) { scalars = randomScalars(0...2) + scalars + randomScalars(0...2) }
            result.insert(string(scalars))
            result.insert(string(mutated(scalars)))
            result.insert(string(randomScalars(0...6)))
        }
        return result.sorted()
    }

    func string(_ scalars: [Unicode.Scalar]) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    mutating func randomScalars(_ lengths: ClosedRange<Int>) -> [Unicode.Scalar] {
        (0..<Int.random(in: lengths, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! }
    }

    mutating func mutated(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var copy = scalars
        let index = copy.isEmpty ? 0 : Int.random(in: 0..<copy.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !copy.isEmpty: copy.remove(at: index)
        case 1 where !copy.isEmpty: copy[index] = Self.alphabet.randomElement(using: &random)!
        default: copy.insert(Self.alphabet.randomElement(using: &random)!, at: index)
        }
        return copy
    }

    mutating func pick(_ set: RegexScalarSet) -> Unicode.Scalar? {
        let inAlphabet = Self.alphabet.filter { set.contains($0.value) }
        if !inAlphabet.isEmpty, Int.random(in: 0..<3, using: &random) > 0 {
            return inAlphabet.randomElement(using: &random)
        }
        guard let range = set.ranges.randomElement(using: &random) else { return nil }
        let upper = min(range.upperBound, range.lowerBound + 300)
        for _ in 0..<8 {
            if let scalar = Unicode.Scalar(UInt32.random(in: range.lowerBound...upper, using: &random)) {
                return scalar
            }
        }
        return nil
    }

    mutating func sample(_ node: RegexNode, into scalars: inout [Unicode.Scalar]) {
        switch node {
        case .empty, .startAnchor, .endAnchor, .lookaround, .backreference, .wordBoundary: break
        case .literal(let scalar): scalars.append(scalar)
        case .characterClass(let characterClass):
            if let scalar = pick(characterClass.matchedScalars) { scalars.append(scalar) }
        case .anyCharacter:
            if let scalar = pick(RegexShorthand.dotScalars) { scalars.append(scalar) }
        case .sequence(let children):
            for child in children { sample(child, into: &scalars) }
        case .alternation(let children): sample(children.randomElement(using: &random)!, into: &scalars)
        case .group(let child, _): sample(child, into: &scalars)
        case .repetition(let child, let low, let high):
            let upper = min(high ?? low + 3, low + 3)
            let count = Int.random(in: low...max(low, upper), using: &random)
            for _ in 0..<min(count, 40) { sample(child, into: &scalars) }
        }
    }
}
