import GuidedPatterns
import GuidedSchema

/// Anchor-free regular expression over decoded string scalars, with
/// full-string semantics: the intermediate form between ``RegexNode`` and GBNF.
///
/// The empty language is represented outside this type (as `nil`).
indirect enum ContentRegex: Hashable, Sendable {
    /// The empty string.
    case epsilon
    /// One scalar of a non-empty set.
    case set(RegexScalarSet)
    /// Concatenation of at least two non-epsilon parts.
    case sequence([ContentRegex])
    /// Union of at least two distinct parts.
    case choice([ContentRegex])
    /// `min...max` repetitions (max nil = unbounded); `min <= max`, never `{0,0}` or `{1,1}`.
    case repeated(ContentRegex, min: Int, max: Int?)

    /// Concatenation, flattening nested sequences and dropping epsilons.
    static func concatenation(_ parts: [ContentRegex]) -> ContentRegex {
        var flat: [ContentRegex] = []
        for part in parts {
            switch part {
            case .epsilon: continue
            case .sequence(let inner): flat += inner
            default: flat.append(part)
            }
        }
        switch flat.count {
        case 0: return .epsilon
        case 1: return flat[0]
        default: return .sequence(flat)
        }
    }

    /// Union, flattening nested choices and dropping duplicates (first occurrence kept).
    static func union(_ parts: [ContentRegex]) -> ContentRegex {
        var flat: [ContentRegex] = []
        var seen = Set<ContentRegex>()
        for part in parts {
            let members: [ContentRegex]
            if case .choice(let inner) = part { members = inner } else { members = [part] }
            for member in members where seen.insert(member).inserted { flat.append(member) }
        }
        return flat.count == 1 ? flat[0] : .choice(flat)
    }

    /// Repetition, simplifying trivial bounds.
    static func repetition(_ body: ContentRegex, min: Int, max: Int?) -> ContentRegex {
        if max == 0 || body == .epsilon { return .epsilon }
        if min == 1 && max == 1 { return body }
        return .repeated(body, min: min, max: max)
    }

    /// `true` if the language contains the empty string.
    var isNullable: Bool {
        switch self {
        case .epsilon: return true
        case .set: return false
        case .sequence(let parts): return parts.allSatisfy(\.isNullable)
        case .choice(let parts): return parts.contains(where: \.isNullable)
        case .repeated(let body, let min, _): return min == 0 || body.isNullable
        }
    }

    /// `true` if a repetition occurs anywhere inside.
    var containsRepetition: Bool {
        switch self {
        case .epsilon, .set: return false
        case .sequence(let parts), .choice(let parts): return parts.contains(where: \.containsRepetition)
        case .repeated: return true
        }
    }

    /// Number of nodes (saturating), used to bound the translation's size.
    var nodeCount: Int {
        switch self {
        case .epsilon, .set: return 1
        case .sequence(let parts), .choice(let parts):
            return parts.reduce(1) { Swift.min($0 + $1.nodeCount, Int.max / 2) }
        case .repeated(let body, _, _): return body.nodeCount + 1
        }
    }
}
