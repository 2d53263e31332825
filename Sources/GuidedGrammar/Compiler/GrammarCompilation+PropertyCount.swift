import GuidedSchema

/// `minProperties`/`maxProperties` on a closed object: the grammar writes only the declared
/// members, in order, each optional one present or not, so the number of keys is the number
/// of members written. Counting them as the grammar goes makes the bounds exact.
struct PropertyCount {
    /// The fewest keys allowed.
    let minimum: Int
    /// The most keys allowed; nil when unbounded.
    let maximum: Int?
    /// Whether each member, in order, is required.
    let required: [Bool]

    /// The largest number of (member, count) states counted; beyond it the bounds are checked after.
    static let stateLimit = 1_024

    /// Every object the plain member grammar writes is within the bounds already.
    var holdsAlways: Bool {
        minimum <= required.filter { $0 }.count && (maximum.map { $0 >= required.count } ?? true)
    }

    /// Some object within the bounds can be written, and the counting grammar stays small.
    var isTractable: Bool {
        let low = required.filter { $0 }.count
        let high = required.count
        guard minimum <= high, maximum.map({ $0 >= low && $0 >= minimum }) ?? true else { return false }
        return required.count * (high + 1) <= Self.stateLimit
    }

    /// Whether `count` keys in all are allowed.
    func allows(_ count: Int) -> Bool { count >= minimum && (maximum.map { count <= $0 } ?? true) }
}

extension GrammarCompilation {
    /// The members `pieces` (each `"key":value`) written with commas, in order, with exactly an
    /// allowed number present. State (i, c): members from i on, c written before them.
    mutating func countedMembers(_ pieces: [String], _ count: PropertyCount, name: String) -> String {
        var memo: [Int: String?] = [:]
        func members(from index: Int, written: Int) -> String? {
            if index == pieces.count { return count.allows(written) ? "" : nil }
            let key = index * (pieces.count + 2) + written
            if let known = memo[key] { return known }
            var alternatives: [String] = []
            var empty = false
            if count.maximum.map({ written < $0 }) ?? true, let rest = members(from: index + 1, written: written + 1) {
                alternatives.append(sequence([written > 0 ? "\",\"" : "", pieces[index], rest]))
            }
            if !count.required[index], let rest = members(from: index + 1, written: written) {
                if rest.isEmpty { empty = true } else { alternatives.append(rest) }
            }
            let result: String?
            if alternatives.isEmpty {
                result = empty ? "" : nil
            } else {
                let body =
                    alternatives.count == 1 && !empty
                    ? alternatives[0] : "(" + alternatives.joined(separator: " | ") + ")" + (empty ? "?" : "")
                result = ruleOrInline(body, name: "\(name)-keys-\(index)-\(written)")
            }
            memo[key] = result
            return result
        }
        return members(from: 0, written: 0) ?? ""
    }
}
