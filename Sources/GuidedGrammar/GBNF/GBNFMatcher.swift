/// An Earley recogniser over the flat rules, working on Unicode scalars.
///
/// Earley parsing handles every context-free grammar (ambiguity, deep recursion, nullable rules)
/// in polynomial time, so it cannot blow up the way a naive stack-set search can. Nullable rules
/// are handled with the Aycock–Horspool prediction step. Alternatives that can never derive any
/// text (they contain a token reference, an empty character class such as `[z-a]`, or a rule that
/// derives nothing) are never predicted, so every item in the chart can still be completed; this
/// makes "the current set is non-empty" an exact test for a viable prefix.
///
/// Right recursion (`S' ::= S S' |`, which every `*`, `+` and `{m,n}` expands into) would make
/// plain Earley quadratic, because each completion cascades up the whole chain. Like llama.cpp's
/// stacks, which drop a rule reference that ends its alternative (a tail call), an item whose dot
/// is before its last symbol does not wait in the set itself: it hands over the waiters of its own
/// rule from its (finished) origin set, as long as that list is short (see
/// ``GBNFChart/inheritLimit``). Completions then jump straight to the first caller that has
/// something left to match, keeping repetitions linear.
struct GBNFMatcher: Sendable {
    /// One position in a production.
    enum Symbol: Sendable {
        /// A nonterminal: rule id.
        case rule(Int32)
        /// A terminal: index into `charSets`.
        case chars(Int32)
        /// The end of a production of the rule with this id.
        case end(Int32)
        /// The end of the synthetic start production `start ::= root`.
        case accept
    }

    /// All productions, back to back, each terminated by `.end`.
    let symbols: [Symbol]
    /// Distinct terminal sets.
    let charSets: [GBNFCharSet]
    /// For each rule, the start positions of its alternatives that can derive some text.
    let alternatives: [[Int32]]
    /// Whether each rule derives the empty string.
    let nullable: [Bool]
    /// Position of the synthetic start production `• root accept`.
    let start: Int32
    /// Whether `root` derives any text at all.
    let rootProductive: Bool

    init(rules: [[GBNFElement]], root: Int) {
        var symbols: [Symbol] = []
        var charSets: [GBNFCharSet] = []
        var setIndex: [GBNFCharSet: Int32] = [:]
        // Each production: (lhs, start, end) over `symbols`; `dead` when it can never match text.
        var productions: [(lhs: Int, start: Int, end: Int, dead: Bool)] = []
        for (id, body) in rules.enumerated() {
            var start = symbols.count
            var dead = false
            for element in body + [.alternative] {
                switch element {
                case .alternative:
                    productions.append((id, start, symbols.count, dead))
                    symbols.append(.end(Int32(id)))
                    start = symbols.count
                    dead = false
                case .rule(let target):
                    symbols.append(.rule(Int32(target)))
                case .chars(let set):
                    if !set.isSatisfiable { dead = true }
                    let index: Int32
                    if let known = setIndex[set] {
                        index = known
                    } else {
                        index = Int32(charSets.count)
                        charSets.append(set)
                        setIndex[set] = index
                    }
                    symbols.append(.chars(index))
                case .token:
                    dead = true
                    symbols.append(.chars(-1))
                }
            }
        }
        let live = productions.map { !$0.dead }
        let nullable = Self.solve(rules.count, productions, symbols, live: live, terminalsCount: false)
        let productive = Self.solve(rules.count, productions, symbols, live: live, terminalsCount: true)
        var alternatives = [[Int32]](repeating: [], count: rules.count)
        for production in productions where !production.dead {
            let allProductive = symbols[production.start..<production.end].allSatisfy { symbol in
                if case .rule(let target) = symbol { return productive[Int(target)] }
                return true
            }
            if allProductive { alternatives[production.lhs].append(Int32(production.start)) }
        }
        self.charSets = charSets
        self.alternatives = alternatives
        self.nullable = nullable
        self.start = Int32(symbols.count)
        self.rootProductive = productive[root]
        self.symbols = symbols + [.rule(Int32(root)), .accept]
    }

    /// Least fixpoint: a rule holds if one of its live productions consists only of holding rules
    /// and (when `terminalsCount`) terminals. With `terminalsCount == false` this is nullability.
    private static func solve(
        _ ruleCount: Int, _ productions: [(lhs: Int, start: Int, end: Int, dead: Bool)],
        _ symbols: [Symbol], live: [Bool], terminalsCount: Bool
    ) -> [Bool] {
        var holds = [Bool](repeating: false, count: ruleCount)
        var pending = [Int](repeating: 0, count: productions.count)
        var uses = [[Int]](repeating: [], count: ruleCount)
        var queue: [Int] = []
        for (index, production) in productions.enumerated() where live[index] {
            var blocked = false
            for symbol in symbols[production.start..<production.end] {
                switch symbol {
                case .rule(let target):
                    pending[index] += 1
                    uses[Int(target)].append(index)
                case .chars:
                    if !terminalsCount { blocked = true }
                case .end, .accept:
                    break
                }
            }
            if blocked {
                pending[index] = -1
            } else if pending[index] == 0 && !holds[production.lhs] {
                holds[production.lhs] = true
                queue.append(production.lhs)
            }
        }
        while let rule = queue.popLast() {
            for index in uses[rule] where pending[index] > 0 {
                pending[index] -= 1
                let lhs = productions[index].lhs
                if pending[index] == 0 && !holds[lhs] {
                    holds[lhs] = true
                    queue.append(lhs)
                }
            }
        }
        return holds
    }

    /// Runs the recogniser over `input`. Returns whether the whole input derives from the start
    /// rule (`complete`), or whether it is a prefix of some string that does (`!complete`).
    func recognize(_ input: String, complete: Bool) -> Bool {
        guard rootProductive else { return false }
        var chart = GBNFChart(ruleCount: alternatives.count)
        chart.startSet()
        chart.add(position: start, origin: 0)
        var index: Int32 = 0
        for scalar in input.unicodeScalars {
            let scans = process(&chart, set: index)
            chart.startSet()
            let value = scalar.value
            for item in scans {
                guard case .chars(let set) = symbols[Int(item.position)] else { continue }
                if charSets[Int(set)].contains(value) {
                    chart.add(position: item.position + 1, origin: item.origin)
                }
            }
            if chart.current.isEmpty { return false }
            index += 1
        }
        _ = process(&chart, set: index)
        if !complete { return !chart.current.isEmpty }
        return chart.contains(GBNFChart.Item(position: start + 1, origin: 0))
    }

    /// Predicts and completes set `set` to closure; returns the items waiting on a terminal.
    private func process(_ chart: inout GBNFChart, set: Int32) -> [GBNFChart.Item] {
        var scans: [GBNFChart.Item] = []
        var cursor = 0
        while cursor < chart.current.count {
            let item = chart.current[cursor]
            cursor += 1
            switch symbols[Int(item.position)] {
            case .rule(let target):
                // Tail position: whoever waits for `lhs` at the origin now waits for `target`.
                var inherited = false
                if item.origin != set, case .end(let lhs) = symbols[Int(item.position) + 1] {
                    inherited = chart.inheritWaiters(of: lhs, from: item.origin, as: target)
                }
                if !inherited { chart.wait(item, on: target) }
                if chart.markPredicted(target, in: set) {
                    for start in alternatives[Int(target)] { chart.add(position: start, origin: set) }
                }
                if nullable[Int(target)] { chart.add(position: item.position + 1, origin: item.origin) }
            case .chars(let index):
                if index >= 0 { scans.append(item) }
            case .end(let lhs):
                // Empty completions (origin == set) are covered by the nullable step above.
                if item.origin != set {
                    for parent in chart.waiting(in: item.origin, on: lhs) {
                        chart.add(position: parent.position + 1, origin: parent.origin)
                    }
                }
            case .accept:
                break
            }
        }
        return scans
    }
}
