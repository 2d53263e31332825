import GuidedSchema
import GuidedValidation
import Testing

/// `PromptResidueValidator`: leading symbols, prompt labels and template slots.
@Suite struct PromptResidueValidatorTests {
    let residue = PromptResidueValidator()

    @Test func theMeasuredLeadingQuoteMarkerIsCaught() {
        #expect(reasons(residue, "> Remember your goal") == ["leadingSymbol"])
    }

    @Test func theMeasuredNoteLabelIsCaught() {
        let context = ValidationContext(schema: GenerationSchema(root: .any))
        let rejections = residue.check("Note: keep going with the pool", in: context)
        #expect(rejections.map(\.reason) == ["promptLabel"])
        #expect(rejections.first?.detail == #"opens with the label "note:": "Note: keep going with the pool""#)
    }

    @Test(arguments: [
        "- Pack the goggles", "* Pack the goggles", "# Pack the goggles", "• Pack the goggles", "| Pack the goggles",
        "  > Pack", "🏊 Pack the goggles", "…and pack",
    ])
    func symbolsOpeningAStringAreCaught(_ text: String) {
        #expect(reasons(residue, text) == ["leadingSymbol"], "\(text)")
    }

    @Test(arguments: [
        "\"Swim\" is the goal", "“Swim” is the goal", "(Optional) pack a towel", "$5 buys a lane for the hour",
        "£5 buys a lane", "7 laps today", "¿Listo?", "'Just swim', you wrote",
    ])
    func quotesBracketsDigitsAndCurrencyMayOpen(_ text: String) {
        #expect(reasons(residue, text) == [], "\(text)")
    }

    @Test(arguments: [
        "step 0: start to knit", "Step 12: rest", "Goal: swim twice", "ENTRY: bought goggles", "Facts: pool opens at 7",
        "Output: swim", "Notification: swim", "Text: swim", "Input: learn to swim",
    ])
    func defaultLabelsAreCaught(_ text: String) {
        #expect(reasons(residue, text) == ["promptLabel"], "\(text)")
    }

    @Test(arguments: [
        "Three short steps: pack, swim, rest", "Time to swim: pack the goggles", "Good news: the pool is open",
        "Swim at 7:30 today", "Remember the note: pack",
    ])
    func ordinaryColonsAreNotLabels(_ text: String) {
        #expect(reasons(residue, text) == [], "\(text)")
    }

    @Test func aLabelOnALaterLineOrAfterABulletIsCaught() {
        #expect(reasons(residue, "Pack the goggles\nNote: rest after") == ["promptLabel"])
        #expect(reasons(residue, "- Note: rest") == ["leadingSymbol", "promptLabel"])
    }

    @Test func thePromptsOwnLabelsAreCaught() {
        let prompt = "Write one notification.\n- Mood: calm\nInput: swim\nOutput:"
        #expect(reasons(residue, "Mood: calm all day", prompt: prompt) == ["promptLabel"])
        #expect(reasons(residue, "Mood: calm all day") == [], "not a label without that prompt")
        #expect(reasons(PromptResidueValidator(usesPromptLabels: false), "Mood: calm all day", prompt: prompt) == [])
    }

    @Test func customLabelsReplaceTheDefaults() {
        let custom = PromptResidueValidator(labels: ["tip"])
        #expect(reasons(custom, "Tip: stretch first") == ["promptLabel"])
        #expect(reasons(custom, "Note: stretch first") == [])
    }

    @Test(arguments: [
        "Swim at {time}", "Hi {{name}}, swim today", "Hi [Your Name], swim today", "Swim at <slot> today",
    ])
    func placeholdersAreCaught(_ text: String) {
        #expect(reasons(residue, text) == ["placeholder"], "\(text)")
    }

    @Test func everyReasonOncePerString() {
        #expect(reasons(residue, "* Note: swim at {time} or {day}") == ["leadingSymbol", "promptLabel", "placeholder"])
    }
}
