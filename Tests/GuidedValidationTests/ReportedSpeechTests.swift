import GuidedSchema
import Testing

@testable import GuidedValidation

/// `ReportedSpeech` and `RestatedQuotations(input:grounding:)`: which quotations of a request are
/// its facts, how each is spelled to the person who wrote it, and the words a lead-in may use.
@Suite struct ReportedSpeechTests {
    static let swim = ["Goal: learn to swim", "14 March 2026: Swam two lengths without stopping."]

    @Test func theQuotationsAreTheDoubleQuotedSpansStraightOrCurly() {
        #expect(
            ReportedSpeech.quotations(in: #"Back in March you wrote: "Swam two lengths.""#) == ["Swam two lengths."])
        #expect(
            ReportedSpeech.quotations(in: "You wrote \u{201C}Ran far\u{201D} and \"\" then \"Slept\"") == [
                "Ran far", "Slept",
            ])
        #expect(ReportedSpeech.quotations(in: #"An unclosed "quote"#) == [])
    }

    @Test func onlyAQuotationThatAFactContainsIsAQuotedFact() {
        let input = #"Back in March you wrote: "Swam two lengths without stopping." Tap "Start" or "Open the app"."#
        #expect(ReportedSpeech.quotedFacts(in: input, grounding: Self.swim) == ["Swam two lengths without stopping."])
        #expect(ReportedSpeech.quotedFacts(in: input, grounding: []) == [])
        #expect(
            ReportedSpeech.quotedFacts(in: #"You wrote: "swam  two LENGTHS without stopping""#, grounding: Self.swim)
                == ["swam  two LENGTHS without stopping"])
    }

    @Test func aLineThatOpensWithAVerbIsSpelledWithYouInFront() {
        #expect(
            ReportedSpeech.spellings(of: "Swam two lengths without stopping.")
                == ["you swam two lengths without stopping", "You swam two lengths without stopping"])
        #expect(
            ReportedSpeech.spellings(of: "Let the dough rise longer.") == [
                "you let the dough rise longer", "You let the dough rise longer",
            ])
        #expect(
            ReportedSpeech.spellings(of: "Can keep two balls going!") == [
                "you can keep two balls going", "You can keep two balls going",
            ])
    }

    @Test func aLineWithItsOwnSubjectKeepsItLowercaseOrCapitalised() {
        #expect(
            ReportedSpeech.spellings(of: "The starter doubled overnight.")
                == ["the starter doubled overnight", "The starter doubled overnight"])
        #expect(
            ReportedSpeech.spellings(of: "Four seedlings came up.") == [
                "four seedlings came up", "Four seedlings came up",
            ])
        #expect(
            ReportedSpeech.spellings(of: "Switching between chords is still slow.")
                == ["switching between chords is still slow", "Switching between chords is still slow"])
        #expect(ReportedSpeech.spellings(of: "Ana called.", names: ["Ana"]) == ["Ana called"])
    }

    @Test func theFirstPersonBecomesTheSecond() {
        #expect(
            ReportedSpeech.spellings(of: "I was tired but my knees felt fine, so I'm happy.")
                == [
                    "you were tired but your knees felt fine, so you're happy",
                    "You were tired but your knees felt fine, so you're happy",
                ])
        #expect(
            ReportedSpeech.spellings(of: "Called her and she told me about her garden.")
                == [
                    "you called her and she told you about her garden",
                    "You called her and she told you about her garden",
                ])
        #expect(ReportedSpeech.spellings(of: "My sister drew me.") == ["your sister drew you", "Your sister drew you"])
    }

    @Test func theLeadWordsAreTheInputsOwnWordsTheFactsDateAndTheConnectives() throws {
        let input = #"Back in March you wrote: "Swam two lengths without stopping.""#
        let restated = try #require(RestatedQuotations(input: input, grounding: Self.swim, names: ["March"]))
        #expect(
            restated.quotations == [["you swam two lengths without stopping", "You swam two lengths without stopping"]])
        #expect(
            Set(["Back", "back", "in", "In", "March", "14", "2026", "Remember", "when"]).isSubset(
                of: restated.leadWords))
        #expect(!restated.leadWords.contains("wrote"), "a reporting verb turns the quote into reported speech")
        #expect(!restated.leadWords.contains("you") && !restated.leadWords.contains("You"), "the spellings carry it")
        #expect(!restated.leadWords.contains("march"), "a name keeps its capital")
        #expect(!restated.leadWords.contains("Swam"), "no quoted word leads in")
    }

    @Test func anInputThatQuotesNoFactRestatesNothing() {
        #expect(
            RestatedQuotations(input: "Suggest three next steps toward this goal: swim.", grounding: Self.swim) == nil)
        #expect(RestatedQuotations(input: #"Rewrite "Hello there" warmly."#, grounding: Self.swim) == nil)
    }

    @Test func theFactsLeadIsWhatItSaysBeforeTheQuotation() {
        #expect(ReportedSpeech.factLead(of: "Swam two lengths without stopping.", in: Self.swim) == "14 March 2026: ")
        #expect(ReportedSpeech.factLead(of: "Flew a kite.", in: Self.swim) == "")
    }

    @Test func anEntryThatNamesItsOwnDayLeadsInWithItsMonthOnly() throws {
        // Recorded: "On 1 July you walked 6200 steps on Monday." — 1 July 2026 is a Wednesday.
        let grounding = ["Goal: walk 8000 steps a day", "1 July 2026: Walked 6200 steps on Monday."]
        let restated = try #require(
            RestatedQuotations(
                input: #"On 1 July you wrote: "Walked 6200 steps on Monday.""#, grounding: grounding,
                names: ["July", "Monday", "6200", "1", "2026"]))
        #expect(!restated.leadWords.contains("1") && !restated.leadWords.contains("On"))
        #expect(restated.leadWords.contains("July") && restated.leadWords.contains("In"))
    }
}
