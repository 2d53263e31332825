/// Which entry comes back as a notification: plain, explainable code over the archive.
///
/// An entry is eligible when its thread is on the allowlist, it is at least `minimumAgeDays`
/// old, it has not come back in the last `cooldownDays`, and no entry of its thread came back in
/// the last `threadCooldownDays`. Eligible entries are ranked by
/// `2 × similarity(entry, context) + min(age / 365, 1) + (0.5 if never surfaced)`: close to what
/// the person writes about now, older, and not seen before. Ties go to the older entry.
public enum Resurfacing {
    /// An eligible entry and why it ranks where it does.
    public struct Candidate: Sendable {
        /// The entry.
        public var entry: Archive.Entry
        /// Word similarity to the context, 0–1.
        public var similarity: Double
        /// Days since it was written.
        public var ageDays: Int
        /// Whether it has never come back before.
        public var neverSurfaced: Bool
        /// The ranking score.
        public var score: Double { 2 * similarity + min(Double(ageDays) / 365, 1) + (neverSurfaced ? 0.5 : 0) }
    }

    /// An entry left out, and why.
    public struct Exclusion: Sendable {
        /// The entry's id.
        public var entry: String
        /// Why, e.g. `thread "health" is not on the allowlist`.
        public var reason: String
    }

    /// The eligible entries, best first, and the others with their reasons.
    public static func rank(_ archive: Archive, today: CalendarDate, context: String) -> (
        ranked: [Candidate], excluded: [Exclusion]
    ) {
        let policy = archive.policy
        var lastByThread: [String: CalendarDate] = [:]
        for entry in archive.entries {
            for day in (entry.surfaced ?? []).compactMap(CalendarDate.init)
            where day > (lastByThread[entry.thread] ?? CalendarDate("0000-01-01")!) {
                lastByThread[entry.thread] = day
            }
        }
        var ranked: [Candidate] = []
        var excluded: [Exclusion] = []
        for entry in archive.entries {
            guard let written = CalendarDate(entry.date) else {
                excluded.append(Exclusion(entry: entry.id, reason: "its date \(entry.date) is not YYYY-MM-DD"))
                continue
            }
            let age = written.days(until: today)
            let lastSurfaced = (entry.surfaced ?? []).compactMap(CalendarDate.init).max()
            if !policy.threads.contains(entry.thread) {
                excluded.append(
                    Exclusion(entry: entry.id, reason: "thread \"\(entry.thread)\" is not on the allowlist"))
            } else if age < 0 {
                // A date after today (a `--today` in the past): no age to compare, and "-9497 days
                // old" read as a bug in the app.
                excluded.append(Exclusion(entry: entry.id, reason: "written \(entry.date), after today (\(today))"))
            } else if age < policy.minimumAgeDays {
                excluded.append(Exclusion(entry: entry.id, reason: "\(age) days old, under \(policy.minimumAgeDays)"))
            } else if let lastSurfaced, lastSurfaced.days(until: today) < policy.cooldownDays {
                excluded.append(
                    Exclusion(
                        entry: entry.id,
                        reason:
                            "came back \(lastSurfaced.days(until: today)) days ago (cooldown \(policy.cooldownDays))"))
            } else if let threadDay = lastByThread[entry.thread],
                threadDay.days(until: today) < policy.threadCooldownDays
            {
                excluded.append(
                    Exclusion(
                        entry: entry.id,
                        reason:
                            "its thread came back \(threadDay.days(until: today)) days ago (cooldown \(policy.threadCooldownDays))"
                    ))
            } else {
                ranked.append(
                    Candidate(
                        entry: entry, similarity: WordSimilarity.similarity(entry.text, context), ageDays: age,
                        neverSurfaced: lastSurfaced == nil))
            }
        }
        ranked.sort { ($0.score, $0.ageDays, $1.entry.id) > ($1.score, $1.ageDays, $0.entry.id) }
        return (ranked, excluded)
    }
}
