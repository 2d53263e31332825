import GuidedSchema

/// A dated journal entry, as request files carry it.
public struct DatedEntry: Generable, Equatable {
    /// The day it was written, `YYYY-MM-DD`.
    @Guide(description: "The day it was written", .format(.date))
    public var date: String = ""
    /// What the person wrote.
    @Guide(description: "What the person wrote", .minimumLength(1))
    public var text: String = ""

    /// Creates an empty entry.
    public init() {}

    /// Creates an entry.
    public init(date: String, text: String) {
        self.date = date
        self.text = text
    }
}

/// A step request: a goal with only that goal's entries and the steps already done.
///
/// ```json
/// {"goal": "bake sourdough at home", "entries": [{"date": "2026-03-01", "text": "Fed the starter twice."}],
///  "done": ["Buy a kitchen scale"]}
/// ```
public struct StepRequest: Generable, Equatable {
    /// The goal in the person's words.
    @Guide(description: "The goal in the person's words", .minimumLength(1))
    public var goal: String = ""
    /// The goal's entries, oldest first.
    public var entries: [DatedEntry] = []
    /// Steps already done.
    public var done: [String]?

    /// Creates an empty request.
    public init() {}

    /// Creates a request.
    public init(goal: String, entries: [DatedEntry], done: [String]? = nil) {
        self.goal = goal
        self.entries = entries
        self.done = done
    }
}

/// A copy request: a callback notification built on an old entry, from an authored template.
///
/// ```json
/// {"kind": "callback", "delivery": "push", "goal": "bake sourdough at home",
///  "entries": [{"date": "2026-03-01", "text": "Fed the starter twice."}],
///  "template": "Back in {month} you wrote: \"{entry}\""}
/// ```
/// Slots: `{entry}` (the first entry's words), `{day}`, `{month}` and `{date}` (when it was written) and
/// `{goal}`.
public struct CopyRequest: Generable, Equatable {
    /// The payload kind; `callback` (an old entry coming back) is the only one so far.
    @Guide(description: "The payload kind", .anyOf(["callback"]))
    public var kind: String?
    /// How the notification is delivered: `push` (the default) or `digest`.
    @Guide(description: "How it is delivered", .anyOf(["push", "digest"]))
    public var delivery: String?
    /// The goal in the person's words.
    @Guide(description: "The goal in the person's words", .minimumLength(1))
    public var goal: String = ""
    /// The entries; the first is the one the notification calls back to.
    @Guide(description: "The entries; the first is the one called back to", .minimumCount(1))
    public var entries: [DatedEntry] = []
    /// The authored template, e.g. `Back in {month} you wrote: "{entry}"`.
    @Guide(description: "The authored template", .minimumLength(1))
    public var template: String = ""

    /// Creates an empty request.
    public init() {}

    /// Creates a request.
    public init(
        kind: String? = "callback", delivery: String? = "push", goal: String, entries: [DatedEntry], template: String
    ) {
        self.kind = kind
        self.delivery = delivery
        self.goal = goal
        self.entries = entries
        self.template = template
    }
}
