import Guided
import SenbaFlows
import Testing

/// The librarian's plain rules: allowlist, age, cooldowns, similarity, age and novelty.
@Suite struct ResurfacingTests {
    static func archive() throws -> Archive { try Librarian.load(ExampleProcess.senba + "/archive.json") }
    static let today = CalendarDate("2026-11-30")!

    @Test func eachRuleExcludesWithItsReason() throws {
        let (ranked, excluded) = Resurfacing.rank(
            try Self.archive(), today: Self.today, context: "Fed the starter and baked a loaf")
        let reasons = Dictionary(uniqueKeysWithValues: excluded.map { ($0.entry, $0.reason) })
        #expect(reasons["e2"] == "came back 60 days ago (cooldown 90)")
        #expect(reasons["e3"] == "its thread came back 4 days ago (cooldown 7)")
        #expect(reasons["e4"] == "came back 4 days ago (cooldown 90)")
        #expect(reasons["e6"] == "thread \"health\" is not on the allowlist")
        #expect(reasons["e8"] == "2 days old, under 30")
        #expect(ranked.map(\.entry.id) == ["e1", "e7", "e5"])
    }

    /// The third probe: `librarian --today 2000-02-29` reported "-9497 days old, under 30".
    @Test func anEntryWrittenAfterTodayIsExcludedAsSuch() throws {
        let archive = try Self.archive()
        let (ranked, excluded) = Resurfacing.rank(archive, today: CalendarDate("2000-02-29")!, context: "")
        #expect(ranked.isEmpty)
        let first = try #require(archive.entries.first)
        let reasons = Dictionary(uniqueKeysWithValues: excluded.map { ($0.entry, $0.reason) })
        let reason = reasons[first.id]
        #expect(reason == "written \(first.date), after today (2000-02-29)")
        #expect(!excluded.contains { $0.reason.contains("-") && $0.reason.contains("days old") })
    }

    @Test func similarityOutranksAgeAndNoveltyBreaksTies() throws {
        var archive = try Self.archive()
        archive.policy.threadCooldownDays = 0
        archive.policy.cooldownDays = 0
        let swim = Resurfacing.rank(archive, today: Self.today, context: "stood in the shallow end again")
        #expect(swim.ranked.first?.entry.id == "e4", "the most similar entry wins")
        let nothing = Resurfacing.rank(archive, today: Self.today, context: "")
        #expect(nothing.ranked.first?.entry.id == "e1", "with no similarity: the oldest never-surfaced entry")
        #expect(nothing.ranked.first(where: { $0.entry.id == "e2" })?.neverSurfaced == false)
    }

    @Test func wordSimilarityComparesStemmedSignificantWords() {
        #expect(WordSimilarity.similarity("Fed the starter twice.", "the starters were fed twice") == 1)
        #expect(WordSimilarity.similarity("Bought goggles", "Fed the starter") == 0)
        #expect(
            WordSimilarity.words("The loaf, and THE LOAF!") == ["loaf"], "case, punctuation and stopwords do not count")
    }

    @Test func calendarDatesCountDaysAndNameMonths() throws {
        let march = try #require(CalendarDate("2026-03-01"))
        #expect(march.monthName == "March" && march.spelledOut == "1 March 2026")
        #expect(march.days(until: Self.today) == 274)
        #expect(CalendarDate("2024-02-28")!.days(until: CalendarDate("2024-03-01")!) == 2)
        #expect(CalendarDate("March 1") == nil && CalendarDate("2026-13-01") == nil)
    }
}
