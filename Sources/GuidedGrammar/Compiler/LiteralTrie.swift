/// A large `enum` as one GBNF expression that shares common prefixes: `"\"v" ("1" ("\"" | "0\"")
/// | "2\"")` instead of `"\"v1\"" | "\"v10\"" | "\"v2\""`.
///
/// llama.cpp's grammar sampler keeps one parse stack per alternative still open and compares each
/// new stack with all the others: a flat alternation of 100,000 values kept llama-server busy for
/// more than 10 minutes on one request. Factored, the alternatives open at any point are the
/// characters that may come next.
struct LiteralTrie {
    private final class Node {
        var children: [UInt32: Node] = [:]
        var ends = false
    }

    /// Flat alternations up to this many values are left as they are (they read better).
    static let minimumCount = 64
    /// Deeper tries (long values that begin one another) are left flat: the expression nests one
    /// group per branching point.
    static let maximumDepth = 64

    private let root = Node()

    /// The trie of `texts`, or nil when it would nest deeper than ``maximumDepth`` branch points.
    init?(_ texts: [String]) {
        for text in texts {
            var node = root
            for scalar in text.unicodeScalars {
                if let next = node.children[scalar.value] {
                    node = next
                } else {
                    let next = Node()
                    node.children[scalar.value] = next
                    node = next
                }
            }
            node.ends = true
        }
        guard Self.depth(root) <= Self.maximumDepth else { return nil }
    }

    /// The GBNF expression matching exactly the texts.
    var expression: String { alternatives(root) }

    /// Branch points below `node`, counted iteratively (the trie may be as deep as the longest text).
    private static func depth(_ node: Node) -> Int {
        var deepest = 0
        var pending: [(Node, Int)] = [(node, 0)]
        while let (current, depth) = pending.popLast() {
            let branches = current.children.count > 1 || (current.ends && !current.children.isEmpty)
            let below = depth + (branches ? 1 : 0)
            deepest = max(deepest, below)
            if deepest > maximumDepth { return deepest }
            pending.append(contentsOf: current.children.values.map { ($0, below) })
        }
        return deepest
    }

    /// What may follow `node`: one alternative per next character, each a literal run up to the
    /// next branch point and then that point's alternatives; empty when a text ends here.
    private func alternatives(_ node: Node) -> String {
        var parts: [String] = []
        for scalar in node.children.keys.sorted() {
            var run = [scalar]
            var next = node.children[scalar]!
            while !next.ends, next.children.count == 1, let (only, child) = next.children.first {
                run.append(only)
                next = child
            }
            let literal = GBNFText.literal(run)
            parts.append(next.children.isEmpty ? literal : literal + " " + group(next))
        }
        return parts.joined(separator: " | ")
    }

    private func group(_ node: Node) -> String {
        "(" + alternatives(node) + ")" + (node.ends ? "?" : "")
    }
}
