import GuidedSchema
import GuidedValidation
import Testing

/// `CopiedFactValidator`: a string that only hands a fact back is rejected; one that frames it passes.
@Suite struct CopiedFactValidatorTests {
    static let facts = [
        "Goal: cook dinner at home more often", "2 June 2026: Made a simple pasta with tomatoes and garlic.",
        "Done: Stock the pantry",
    ]

    func reasons(_ text: String, minimumWords: Int = 3) -> [String] {
        let context = ValidationContext(grounding: Self.facts, schema: GenerationSchema(root: .any))
        return CopiedFactValidator(minimumWords: minimumWords).check(GeneratedContent(text), in: context).map(\.reason)
    }

    @Test func anEntryHandedBackIsRejected() {
        #expect(reasons("Made a simple pasta with tomatoes and garlic.") == ["copiesFact"])
        #expect(
            reasons("made a simple pasta with tomatoes and garlic") == ["copiesFact"],
            "case and punctuation do not matter")
    }

    @Test func aCopyThatOnlyChangesTheVerbsAgreementIsACopy() {
        // The embedded model's "step" for a guitar goal, measured by guided-bench quality.
        let context = ValidationContext(
            grounding: ["Goal: learn to play the guitar", "Journal: Switching between chords is still slow."],
            schema: GenerationSchema(root: .any))
        let check = { (text: String) in CopiedFactValidator().check(GeneratedContent(text), in: context).map(\.reason) }
        #expect(check("Switching between chords are still slow") == ["copiesFact"])
        #expect(check("Switching between chords was slow") == [], "a word left out is no longer a run of the fact")
        #expect(reasons("Had made a simple pasta with tomatoes") == ["copiesFact"])
    }

    @Test func theGoalOrADoneStepAsANextStepIsRejected() {
        #expect(reasons("Cook dinner at home more often") == ["copiesFact"])
        #expect(reasons("Cooked dinners at home") == ["copiesFact"], "word endings do not matter")
        #expect(reasons("Stock the pantry") == ["copiesFact"])
    }

    @Test func aFramedRewritePasses() {
        #expect(reasons("In June you made a simple pasta with tomatoes and garlic. Cook it again tonight?") == [])
        #expect(reasons("Cook the pasta again this week") == [])
    }

    @Test func shortPhrasesAreLeftAlone() {
        #expect(reasons("Simple pasta") == [])
        #expect(reasons("Stock the pantry", minimumWords: 4) == [])
    }

    @Test func snippetsNotShownToTheModelCountToo() {
        let context = ValidationContext(grounding: ["Goal: learn to knit"], schema: GenerationSchema(root: .any))
        let validator = CopiedFactValidator(others: ["Buy needles and yarn"])
        #expect(validator.check(GeneratedContent("Buy needles and yarn"), in: context).map(\.reason) == ["copiesFact"])
        #expect(validator.check(GeneratedContent("Knit a row with the new needles"), in: context).isEmpty)
    }
}
