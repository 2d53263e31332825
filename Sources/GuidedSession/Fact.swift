/// One thing the app knows and lets the model use, tagged with the goals and threads it belongs
/// to, and optionally filling template slots.
///
/// A session given facts and a request's ``FactScope`` hands the model, the validators and the
/// fallback only the facts tagged with that scope. One goal's entries never reach another
/// goal's prompt, even when one session serves both.
///
/// ```swift
/// let facts = [
///     Fact("Goal: bake sourdough at home", slot: "goal", scopes: [.goal("sourdough")]),
///     Fact("1 March 2026: Fed the starter twice.", slots: ["entry": "Fed the starter twice.", "month": "March"],
///          scopes: [.goal("sourdough"), .thread("baking")]),
///     Fact("Goal: learn to swim", scopes: [.goal("swim")]),
/// ]
/// facts.scoped(to: .goal("sourdough")).map(\.text)   // the first two
/// ```
///
/// A fact with no scope belongs to no request: there is no "global" fact that could leak.
public struct Fact: Sendable, Hashable {
    /// The text rendered into the prompt's facts block and checked against by the grounding
    /// validator, e.g. `"1 March 2026: Fed the starter twice."`.
    public var text: String
    /// The template slots this fact fills (see ``AuthoredTemplate``) and the value each takes,
    /// e.g. `["entry": "Fed the starter twice.", "month": "March"]`.
    public var slots: [String: String]
    /// The goals and threads this fact belongs to.
    public var scopes: Set<FactScope>
    /// Whether the model is shown this fact. A fact it is not shown still reaches the checks —
    /// say, a step the person has completed: measured on the embedded model, a `Done:` line in
    /// the prompt made the model suggest that very step again in most candidates; kept out of
    /// the prompt, it is simply checked against.
    package var shownToModel: Bool = true

    /// A fact that fills the template slot `slot` (if any) with its own text.
    ///
    /// - Parameters:
    ///   - text: What the model is shown and the grounding check uses.
    ///   - slot: The template slot it fills with `text`, if any.
    ///   - scopes: The goals and threads it belongs to.
    public init(_ text: String, slot: String? = nil, scopes: Set<FactScope>) {
        self.init(text, slots: slot.map { [$0: text] } ?? [:], scopes: scopes)
    }

    /// A fact that fills several template slots, each with its own value (e.g. an entry's words
    /// and the month it was written in).
    public init(_ text: String, slots: [String: String], scopes: Set<FactScope>) {
        self.text = text
        self.slots = slots
        self.scopes = scopes
    }

    /// A fact only the checks see (`shownToModel` false).
    public static func checksOnly(_ text: String, scopes: Set<FactScope>) -> Fact {
        var fact = Fact(text, slots: [:], scopes: scopes)
        fact.shownToModel = false
        return fact
    }

    /// Whether this fact belongs to a request scoped to `scope`.
    public func belongs(to scope: FactScope) -> Bool { scopes.contains(scope) }
}

/// What a fact or a request belongs to: a goal or a thread, by the app's identifier.
public struct FactScope: Sendable, Hashable, CustomStringConvertible {
    /// Goal or thread.
    package enum Kind: String, Sendable, Hashable {
        /// A goal the user set.
        case goal
        /// A thread of entries (a topic, a journal).
        case thread
    }

    /// Goal or thread.
    package var kind: Kind
    /// The app's own identifier for the goal or thread, e.g. `sourdough`; compared exactly.
    package var identifier: String

    /// The goal or thread the app identifies as `identifier`; ``goal(_:)`` and ``thread(_:)``
    /// read better at a call site.
    package init(_ kind: Kind, _ identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }

    /// The goal the app calls `identifier`: `.goal("sourdough")`.
    public static func goal(_ identifier: String) -> FactScope { FactScope(.goal, identifier) }
    /// The thread of entries the app calls `identifier`: `.thread("baking")`.
    public static func thread(_ identifier: String) -> FactScope { FactScope(.thread, identifier) }

    /// `goal:sourdough`.
    public var description: String { "\(kind.rawValue):\(identifier)" }
}

extension Sequence where Element == Fact {
    /// The facts that belong to `scope`, in order.
    public func scoped(to scope: FactScope) -> [Fact] { filter { $0.belongs(to: scope) } }
}
