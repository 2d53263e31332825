import GuidedPatterns
import GuidedSchema

/// Rewrites a pattern with `^`/`$` anywhere (ECMA-262 search semantics) into
/// an anchor-free ``ContentRegex`` with full-string semantics.
///
/// Every sub-pattern is split into up to four anchor-free languages, keyed by
/// whether a match of that part must start at input position 0 and/or end at
/// the input's end. Concatenation combines the keys (a part that must start at
/// 0 can only follow parts that matched the empty string there, and so on),
/// and the whole pattern becomes the union of `[any*] R [any*]` over its keys,
/// with the free prefix/suffix dropped where the key is anchored.
struct AnchorElimination {
    /// Largest repetition bound expanded when the repeated body contains an anchor.
    static let maximumAnchoredRepetition = 16
    /// Largest intermediate form accepted.
    static let maximumNodes = 100_000

    /// Up to four anchor-free languages indexed by `(mustStart ? 2 : 0) + (mustEnd ? 1 : 0)`;
    /// nil slots are empty languages.
    struct Anchored: Equatable {
        var slots: [ContentRegex?] = [nil, nil, nil, nil]

        static let empty = Anchored()

        init() {}

        init(_ regex: ContentRegex, start: Bool = false, end: Bool = false) {
            slots[Self.index(start, end)] = regex
        }

        static func index(_ start: Bool, _ end: Bool) -> Int { (start ? 2 : 0) + (end ? 1 : 0) }

        var isUnanchored: Bool { slots[1] == nil && slots[2] == nil && slots[3] == nil }

        mutating func add(_ regex: ContentRegex, start: Bool, end: Bool) {
            let index = Self.index(start, end)
            slots[index] = slots[index].map { ContentRegex.union([$0, regex]) } ?? regex
        }

        func union(_ other: Anchored) -> Anchored {
            var result = self
            for (index, slot) in other.slots.enumerated() {
                if let slot { result.add(slot, start: index >= 2, end: index % 2 == 1) }
            }
            return result
        }

        /// Concatenation `self · other` under the anchoring rules.
        func followed(by other: Anchored) -> Anchored {
            var result = Anchored()
            for (leftIndex, left) in slots.enumerated() {
                guard let left else { continue }
                let (leftStart, leftEnd) = (leftIndex >= 2, leftIndex % 2 == 1)
                for (rightIndex, right) in other.slots.enumerated() {
                    guard let right else { continue }
                    let (rightStart, rightEnd) = (rightIndex >= 2, rightIndex % 2 == 1)
                    switch (leftEnd, rightStart) {
                    case (false, false):
                        result.add(.concatenation([left, right]), start: leftStart, end: rightEnd)
                    case (false, true):
                        // The right part starts at 0, so the left part matched "" at 0.
                        if left.isNullable { result.add(right, start: true, end: rightEnd) }
                    case (true, false):
                        // The left part ends at the end, so the right part matched "" there.
                        if right.isNullable { result.add(left, start: leftStart, end: true) }
                    case (true, true):
                        if left.isNullable && right.isNullable { result.add(.epsilon, start: true, end: true) }
                    }
                }
            }
            return result
        }
    }

    let source: String

    func error(_ message: String, remedy: String) -> RegexGrammarError {
        RegexGrammarError(pattern: source, message: message, remedy: remedy)
    }

    /// The full-string language of `root` under search semantics; throws if it is empty or too large.
    func fullStringLanguage(_ root: RegexNode) throws(RegexGrammarError) -> ContentRegex {
        let anchored = try eliminate(root)
        let anyString = ContentRegex.repetition(.set(.all), min: 0, max: nil)
        var alternatives: [ContentRegex] = []
        // Order: fully anchored first (the common `^...$` case), then the others.
        for (index, start, end) in [(3, true, true), (2, true, false), (1, false, true), (0, false, false)] {
            guard let regex = anchored.slots[index] else { continue }
            alternatives.append(.concatenation([start ? .epsilon : anyString, regex, end ? .epsilon : anyString]))
        }
        guard !alternatives.isEmpty else {
            throw error(
                "the pattern can never match",
                remedy: "fix the pattern; e.g. '^' after consumed characters or an empty class never matches")
        }
        let language = ContentRegex.union(alternatives)
        guard language.nodeCount <= Self.maximumNodes else {
            throw error(
                "the pattern expands to more than \(Self.maximumNodes) grammar nodes", remedy: "simplify the pattern")
        }
        return language
    }

    func eliminate(_ node: RegexNode) throws(RegexGrammarError) -> Anchored {
        switch node {
        case .empty: return Anchored(.epsilon)
        case .literal(let scalar): return Anchored(.set(RegexScalarSet(scalars: [scalar.value])))
        case .characterClass(let characterClass): return scalars(characterClass.matchedScalars)
        case .anyCharacter: return scalars(RegexShorthand.dotScalars)
        case .startAnchor: return Anchored(.epsilon, start: true)
        case .endAnchor: return Anchored(.epsilon, end: true)
        case .group(let child, _): return try eliminate(child)
        case .lookaround, .backreference, .wordBoundary:
            throw error(
                "lookaround, backreferences and word boundaries have no grammar",
                remedy: "the pattern is checked after generation")
        case .alternation(let children):
            // Each slot's union is built once from all the branches: folding them in one by one
            // rehashed the growing union per branch (a 5,000-way alternation took 13 s).
            var parts: [[ContentRegex]] = [[], [], [], []]
            for child in children {
                for (index, slot) in try eliminate(child).slots.enumerated() {
                    if let slot { parts[index].append(slot) }
                }
            }
            var result = Anchored.empty
            for index in parts.indices where !parts[index].isEmpty {
                result.slots[index] = ContentRegex.union(parts[index])
            }
            return result
        case .sequence(let children):
            var result = Anchored(.epsilon)
            for child in children {
                result = result.followed(by: try eliminate(child))
                guard result.slots.reduce(0, { $0 + ($1?.nodeCount ?? 0) }) <= Self.maximumNodes else {
                    throw error(
                        "the pattern expands to more than \(Self.maximumNodes) grammar nodes",
                        remedy: "simplify the pattern")
                }
            }
            return result
        case .repetition(let child, let min, let max):
            return try repeated(try eliminate(child), min: min, max: max)
        }
    }

    func scalars(_ set: RegexScalarSet) -> Anchored {
        set.isEmpty ? .empty : Anchored(.set(set))
    }

    func repeated(_ body: Anchored, min: Int, max: Int?) throws(RegexGrammarError) -> Anchored {
        if body.isUnanchored {
            guard let regex = body.slots[0] else { return min == 0 ? Anchored(.epsilon) : .empty }
            return Anchored(.repetition(regex, min: min, max: max))
        }
        guard Swift.max(min, max ?? 0) <= Self.maximumAnchoredRepetition else {
            throw error(
                "'^' or '$' inside a group repeated more than \(Self.maximumAnchoredRepetition) times",
                remedy: "move the anchor out of the repeated group")
        }
        var result = Anchored(.epsilon)
        for _ in 0..<min { result = result.followed(by: body) }
        if let max {
            let optional = body.union(Anchored(.epsilon))
            for _ in min..<max { result = result.followed(by: optional) }
            return result
        }
        return result.followed(by: star(body))
    }

    /// `body*` for an anchored body with slots R (free), A (start), B (end), C (both):
    /// `{free: R*, start: A R*, end: R* B, both: A R* B | C}`; an iteration that must
    /// start at 0 can only be preceded by empty iterations, and symmetrically for the end.
    func star(_ body: Anchored) -> Anchored {
        let freeStar = ContentRegex.repetition(body.slots[0] ?? .epsilon, min: 0, max: nil)
        var result = Anchored(freeStar)
        if let startPart = body.slots[2] { result.add(.concatenation([startPart, freeStar]), start: true, end: false) }
        if let endPart = body.slots[1] { result.add(.concatenation([freeStar, endPart]), start: false, end: true) }
        if let startPart = body.slots[2], let endPart = body.slots[1] {
            result.add(.concatenation([startPart, freeStar, endPart]), start: true, end: true)
        }
        if let both = body.slots[3] { result.add(both, start: true, end: true) }
        return result
    }
}
