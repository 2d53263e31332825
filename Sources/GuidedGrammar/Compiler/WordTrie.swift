import GuidedPatterns
import GuidedSchema

/// Words over letters minus a set of forbidden words, as GBNF rules that decide on one
/// character at a time (a deterministic automaton: one rule per trie node).
///
/// A forbidden word bans itself and, unless listed as exact, every word it begins: the model's
/// token for ` first` is then rejected outright, instead of being accepted and forcing the word
/// on into `firsts`. An exact word bans only itself.
struct WordTrie {
    private final class Node {
        var children: [UInt32: Node] = [:]
        var ending: Ending?
    }

    private enum Ending { case exact, prefix }

    private let root = Node()

    init(_ words: [String], exact: Set<String>) {
        for word in words where !word.isEmpty {
            var node = root
            for scalar in word.unicodeScalars {
                if let next = node.children[scalar.value] {
                    node = next
                } else {
                    let next = Node()
                    node.children[scalar.value] = next
                    node = next
                }
            }
            // A prefix ban wins over an exact one for the same word.
            if node.ending != .prefix { node.ending = exact.contains(word) ? .exact : .prefix }
        }
    }

    /// Defines the rules (`name` for the word's first letter, `name-…` for deeper nodes) and
    /// returns `name`. Later letters are lowercase or Latin; `free` is the rule for any further
    /// letters once the word has left the trie.
    func define(named name: String, firstLetters: RegexScalarSet, free: String, in rules: inout GBNFRules) -> String {
        let reserved = rules.reserve(name)
        if !define(root, reserved, letters: firstLetters, free: free, isFirst: true, in: &rules) {
            rules.define(reserved, GBNFText.characterClass(firstLetters) + " " + free)
        }
        return reserved
    }

    /// Defines the rule `name` for `node`; false (and nothing defined) when the node is banned.
    private func define(
        _ node: Node, _ name: String, letters: RegexScalarSet, free: String,
        isFirst: Bool, in rules: inout GBNFRules
    ) -> Bool {
        if node.ending == .prefix { return false }
        var alternatives: [String] = []
        let leaving = letters.subtracting(RegexScalarSet(scalars: Array(node.children.keys)))
        if !leaving.isEmpty { alternatives.append(GBNFText.characterClass(leaving) + " " + free) }
        for scalar in node.children.keys.sorted() where letters.contains(scalar) {
            let letter = UnicodeScalar(scalar).map { String(Character($0)) } ?? "x"
            let childName = rules.reserve(name + (isFirst ? "-" : "") + letter)
            if define(
                node.children[scalar]!, childName, letters: LetterClass.later, free: free, isFirst: false, in: &rules)
            {
                alternatives.append(GBNFText.literal([scalar]) + " " + childName)
            }
        }
        // A word has at least one letter, and may not end where a forbidden word ends.
        if !isFirst && node.ending == nil { alternatives.append("\"\"") }
        guard !alternatives.isEmpty else { return false }
        rules.define(name, alternatives.joined(separator: " | "))
        return true
    }
}
