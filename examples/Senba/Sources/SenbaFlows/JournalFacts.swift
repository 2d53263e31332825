public import Guided

/// How Senba's journal becomes facts: each tagged with the goal it belongs to, so a session
/// that serves many goals never hands one goal's entries to another's prompt.
public enum JournalFacts {
    /// `Goal: bake sourdough at home`, filling `{goal}`.
    public static func goal(_ text: String, scopes: Set<FactScope>) -> Fact {
        Fact("Goal: \(text)", slots: ["goal": text], scopes: scopes)
    }

    /// `1 March 2026: Fed the starter twice.`, filling `{entry}` with the words, `{month}`,
    /// `{date}` and `{year}` with when. The date is spelled out so a month the model mentions
    /// is grounded.
    public static func entry(date: String, text: String, scopes: Set<FactScope>) -> Fact {
        guard let day = CalendarDate(date) else { return Fact("\(date): \(text)", slots: ["entry": text, "date": date], scopes: scopes) }
        return Fact("\(day.spelledOut): \(text)",
                    slots: ["entry": text, "month": day.monthName, "date": day.spelledOut, "year": String(day.year)], scopes: scopes)
    }

    /// `Done: Buy a kitchen scale`: a completed step (``NotAlreadyDoneValidator`` keeps it from
    /// being suggested again).
    public static func done(_ step: String, scopes: Set<FactScope>) -> Fact {
        Fact(NotAlreadyDoneValidator.prefix + step, scopes: scopes)
    }
}
