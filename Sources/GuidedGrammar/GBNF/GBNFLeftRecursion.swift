/// Left-recursion detection with llama.cpp's exact notion of "leftmost"
/// (`llama_grammar_detect_left_recursion`).
///
/// A rule "may be empty" only if one of its alternatives is literally empty (llama.cpp does not
/// compute nullability transitively). From each alternative, the leading rule references are
/// followed up to and including the first one that may not be empty; a terminal stops the walk.
/// A cycle in that graph is left recursion. llama.cpp searches it without memoisation; a standard
/// three-colour depth-first search finds exactly the same cycles in linear time.
extension GBNFParser {
    /// Throws on left recursion as llama.cpp detects it; warns when left recursion exists only
    /// through a transitively nullable prefix, which llama.cpp's check misses (its matcher may then
    /// not terminate). This matcher handles such grammars correctly.
    func checkLeftRecursion(_ rules: [[GBNFElement]]) throws(GBNFParseError) -> String? {
        var mayBeEmpty = [Bool](repeating: false, count: rules.count)
        for (id, body) in rules.enumerated() {
            var atStart = true
            for element in body {
                if element == .alternative {
                    if atStart { break }
                    atStart = true
                } else {
                    atStart = false
                }
            }
            mayBeEmpty[id] = atStart // an empty alternative was seen (or the last one is empty)
        }
        if let symbol = Self.findLeftCycle(rules, mayBeEmpty: mayBeEmpty) {
            throw leftRecursionError(symbol: symbol)
        }
        if let symbol = Self.findLeftCycle(rules, mayBeEmpty: Self.nullableRules(rules)) {
            let owner = owners[symbol]
            let (line, column) = scanner.location(of: definitionOffsets[symbolIDs[owner] ?? symbol] ?? 0)
            return "\(line):\(column): rule '\(owner)' is left-recursive through a prefix that can match "
                + "the empty string; llama.cpp's check misses this and its matcher may not terminate"
        }
        return nil
    }

    /// Rules that derive the empty string (true, transitive nullability).
    static func nullableRules(_ rules: [[GBNFElement]]) -> [Bool] {
        var nullable = [Bool](repeating: false, count: rules.count)
        var changed = true
        while changed {
            changed = false
            for (id, body) in rules.enumerated() where !nullable[id] {
                var alternativeNullable = true
                for element in body + [.alternative] {
                    switch element {
                    case .alternative:
                        if alternativeNullable {
                            nullable[id] = true
                            changed = true
                        }
                        alternativeNullable = true
                    case .rule(let target):
                        if !nullable[target] { alternativeNullable = false }
                    case .chars, .token:
                        alternativeNullable = false
                    }
                    if nullable[id] { break }
                }
            }
        }
        return nullable
    }

    /// A symbol on a cycle of the "can start with" graph, if there is one.
    static func findLeftCycle(_ rules: [[GBNFElement]], mayBeEmpty: [Bool]) -> Int? {
        let count = rules.count
        var edges = [[Int]](repeating: [], count: count)
        for (id, body) in rules.enumerated() {
            var following = true
            for element in body {
                switch element {
                case .alternative:
                    following = true
                case .rule(let target) where following:
                    edges[id].append(target)
                    if !mayBeEmpty[target] { following = false }
                default:
                    following = false
                }
            }
        }
        // 0 = unvisited, 1 = on the current path, 2 = done.
        var colour = [UInt8](repeating: 0, count: count)
        for root in 0..<count where colour[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            colour[root] = 1
            while let top = stack.last {
                if top.next < edges[top.node].count {
                    stack[stack.count - 1].next += 1
                    let target = edges[top.node][top.next]
                    if colour[target] == 1 { return target }
                    if colour[target] == 0 {
                        colour[target] = 1
                        stack.append((target, 0))
                    }
                } else {
                    colour[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return nil
    }

    private func leftRecursionError(symbol: Int) -> GBNFParseError {
        let owner = owners[symbol]
        let ownerID = symbolIDs[owner] ?? symbol
        let offset = definitionOffsets[ownerID] ?? 0
        return scanner.error(
            "left recursion in rule '\(owner)': it can begin with itself without consuming input "
                + "(llama.cpp rejects left-recursive grammars)",
            at: offset)
    }
}
