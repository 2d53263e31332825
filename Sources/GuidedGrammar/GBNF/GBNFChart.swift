/// The Earley chart: one set of items per input position, with per-set indexes of the items
/// waiting on each nonterminal (for completion) and of the rules already predicted.
struct GBNFChart {
    /// A dotted production: `position` in the matcher's symbol array, and the set it started in.
    struct Item: Hashable {
        var position: Int32
        var origin: Int32
    }

    /// An entry of a waiting list, for de-duplication.
    private struct Waiter: Hashable {
        var rule: Int32
        var item: Item
    }

    /// Items of the set being built.
    private(set) var current: [Item] = []
    /// Membership test for `current`.
    private var seen: Set<Item> = []
    /// For each set: nonterminal -> items to advance when it completes with that set as origin.
    private var waitingSets: [[Int32: [Item]]] = []
    /// Membership test for the current set's waiting lists.
    private var waitingSeen: Set<Waiter> = []
    /// For each rule, the last set in which it was predicted.
    private var predictedIn: [Int32]

    init(ruleCount: Int) {
        predictedIn = [Int32](repeating: -1, count: ruleCount)
    }

    /// Begins a new, empty set.
    mutating func startSet() {
        current.removeAll(keepingCapacity: true)
        seen.removeAll(keepingCapacity: true)
        waitingSeen.removeAll(keepingCapacity: true)
        waitingSets.append([:])
    }

    /// Adds an item to the current set unless it is already there.
    mutating func add(position: Int32, origin: Int32) {
        let item = Item(position: position, origin: origin)
        if seen.insert(item).inserted { current.append(item) }
    }

    /// Whether the current set holds `item`.
    func contains(_ item: Item) -> Bool { seen.contains(item) }

    /// Records that `item` waits on `rule` in the current set.
    mutating func wait(_ item: Item, on rule: Int32) {
        if waitingSeen.insert(Waiter(rule: rule, item: item)).inserted {
            waitingSets[waitingSets.count - 1][rule, default: []].append(item)
        }
    }

    /// Largest waiting list a tail item copies instead of waiting itself. Deterministic right
    /// recursion needs one entry; under heavy ambiguity the lists would keep growing, so beyond
    /// this size the item falls back to waiting itself (plain Earley, still polynomial).
    static let inheritLimit = 8

    /// Makes everything waiting on `lhs` in the finished set `origin` also wait on `rule` here.
    /// Returns false, changing nothing, if that list is longer than ``inheritLimit``.
    mutating func inheritWaiters(of lhs: Int32, from origin: Int32, as rule: Int32) -> Bool {
        let inherited = waitingSets[Int(origin)][lhs] ?? []
        guard inherited.count <= Self.inheritLimit else { return false }
        for item in inherited { wait(item, on: rule) }
        return true
    }

    /// The items of set `set` waiting on `rule`.
    func waiting(in set: Int32, on rule: Int32) -> [Item] {
        waitingSets[Int(set)][rule] ?? []
    }

    /// Marks `rule` predicted in `set`; returns false if it already was.
    mutating func markPredicted(_ rule: Int32, in set: Int32) -> Bool {
        if predictedIn[Int(rule)] == set { return false }
        predictedIn[Int(rule)] = set
        return true
    }
}
