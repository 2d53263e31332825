public import Guided

/// How Senba's journal becomes facts: each tagged with the goal it belongs to, so a session
/// that serves many goals never hands one goal's entries to another's prompt.
public enum JournalFacts {
    /// `Goal: bake sourdough at home`, filling `{goal}`.
    public static func goal(_ text: String, scopes: Set<FactScope>) -> Fact {
        Fact("Goal: \(text)", slots: ["goal": text], scopes: scopes)
    }

    /// `1 March 2026: Fed the starter twice.`, filling `{entry}` with the words, `{day}`,
    /// `{month}`, `{date}` and `{year}` with when. The date is spelled out so a month the model mentions
    /// is grounded.
    public static func entry(date: String, text: String, scopes: Set<FactScope>) -> Fact {
        guard let day = CalendarDate(date) else {
            return Fact("\(date): \(text)", slots: ["entry": text, "date": date], scopes: scopes)
        }
        return Fact(
            "\(day.spelledOut): \(text)",
            slots: [
                "entry": text, "day": String(day.day), "month": day.monthName, "date": day.spelledOut,
                "year": String(day.year),
            ],
            scopes: scopes)
    }

    /// `Journal: Fed the starter twice.`: an entry without its date, for flows that do not
    /// mention when (the step suggester): a date's digits would be specifics the model may
    /// write, and it has been seen to write them where they mean nothing ("for at least 2026").
    public static func journal(_ text: String, scopes: Set<FactScope>) -> Fact {
        Fact("Journal: \(text)", slots: ["entry": text], scopes: scopes)
    }

    /// `Done: Buy a kitchen scale`: a completed step, for the checks only
    /// (``NotAlreadyDoneValidator`` and `CopiedFactValidator` keep it from being suggested
    /// again). Not shown to the model: measured, a `Done:` line in the prompt made the base
    /// model suggest that very step in most candidates.
    public static func done(_ step: String, scopes: Set<FactScope>) -> Fact {
        Fact.checksOnly(NotAlreadyDoneValidator.prefix + step, scopes: scopes)
    }
}
