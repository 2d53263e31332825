import GuidedSchema
import GuidedValidation
import Testing

/// The person-level chain on outputs recorded from Gemma 3 270M that shipped although a
/// person would not ship them (issue 8), and on good outputs that must still ship.
@Suite struct PersonLevelRecordedOutputTests {
    let swimGrounding = [
        "Goal: learn to swim", "Entry: bought goggles in March", "Entry: I was standing in the shallow end, scared",
    ]

    func stepVerdicts(_ json: String) throws -> [String] {
        let context = ValidationContext(prompt: swimPrompt, grounding: swimGrounding, schema: stepSuggestionsSchema)
        return verdicts(stepChecks.run(try output(json), in: context))
    }

    func notificationVerdicts(_ text: String) -> [String] {
        let context = ValidationContext(
            prompt: swimPrompt, grounding: swimGrounding, schema: rewrittenNotificationSchema)
        return verdicts(ValidatorChain.personLevel().run(["text": GeneratedContent(text)], in: context))
    }

    @Test func theRepeatingNotificationIsRejected() {
        #expect(
            notificationVerdicts("I was floated on my back with the board with the board of the board in the water")
                == [
                    "repetition.repeatedWord /text", "repetition.repeatedPhrase /text",
                ])
    }

    @Test func theStepCutMidWordAtItsCapIsRejected() throws {
        let cut = String(
            "Practise floating on your back in the shallow end while a friend stands close by and watches you swim"
                .prefix(100))
        #expect(
            try stepVerdicts(
                #"{"steps":["\#(cut)","Pack the goggles the night before","Book a beginner swim lesson at the public pool"]}"#
            ) == [
                "cutAtCap.cutAtCap /steps/0"
            ])
    }

    @Test func theLeadingQuoteMarkerIsRejected() {
        #expect(notificationVerdicts("> Remember your goal") == ["promptResidue.leadingSymbol /text"])
    }

    @Test func theNoteLabelIsRejected() {
        #expect(notificationVerdicts("Note: keep going with the pool") == ["promptResidue.promptLabel /text"])
    }

    @Test func theColonFragmentIsRejected() {
        #expect(notificationVerdicts("Three short steps:") == ["fragment.danglingPunctuation /text"])
    }

    @Test func theDiaryLineStepIsRejected() throws {
        #expect(
            try stepVerdicts(
                #"{"steps":["I was standing in the shallow end","Pack the goggles the night before","Book a beginner swim lesson at the public pool"]}"#
            ) == [
                "stepItem.startsWithPronoun /steps/0", "stepItem.copiesEntry /steps/0",
            ])
    }

    /// `guided generate --schema schemas/StepSuggestions.json --prompt "Goal: learn to knit"`
    /// shipped this as a success; every item must be rejected.
    @Test func theKnittingTemplateIsRejectedItemByItem() throws {
        let context = ValidationContext(prompt: "Input: Goal: learn to knit\nOutput:", schema: stepSuggestionsSchema)
        let found = verdicts(
            stepChecks.run(
                try output(#"{"steps":["step 0: start to knit","step 1: begin to knit","step 2: end to knit"]}"#),
                in: context))
        #expect(
            found == [
                "promptResidue.promptLabel /steps/0", "promptResidue.promptLabel /steps/1",
                "promptResidue.promptLabel /steps/2",
                "nearDuplicate.nearDuplicateItem /steps/1", "nearDuplicate.nearDuplicateItem /steps/2",
            ])
    }

    @Test func goodStepsShip() throws {
        #expect(
            try stepVerdicts(
                #"{"steps":["Book a beginner swim lesson at the public pool","Practise floating on your back for five minutes","Pack the goggles the night before"]}"#
            ) == [])
        #expect(
            try stepVerdicts(
                #"{"steps":["Pack the goggles you bought","Get to the pool when it opens at 7","Practice floating in the shallow end of the pool"]}"#
            ) == [])
    }

    @Test func aGoodNotificationShips() {
        #expect(
            notificationVerdicts("Back in March you wrote that you bought goggles. Ready for the pool this week?") == []
        )
    }

    @Test func theChainNamesMatchPersonLevelNames() {
        #expect(Set(stepChecks.validators.map(\.name)) == ValidatorChain.personLevelNames)
        #expect(
            ValidatorChain.personLevel().validators.map(\.name) == [
                "promptResidue", "fragment", "repetition", "cutAtCap", "wordSalad", "nearDuplicate", "grammar",
            ])
    }

    @Test func aLengthCapReachesStringsTheSchemaLeavesUncapped() {
        let forty = "Swim two laps and then float for a while"
        #expect(forty.count == 40)
        let context = ValidationContext(schema: GenerationSchema(root: .any))
        #expect(
            verdicts(ValidatorChain.personLevel(lengthCap: 40).run(GeneratedContent(forty), in: context)) == [
                "cutAtCap.cutAtCap "
            ])
        #expect(ValidatorChain.personLevel().run(GeneratedContent(forty), in: context).isEmpty)
    }

    @Test func pointersLimitEveryCheck() throws {
        let value = try output(
            #"{"title":"Swim","steps":["Pack the goggles the night before","Swim two laps at the pool","Swim at the pool two laps"]}"#
        )
        let context = ValidationContext(schema: GenerationSchema(root: .any))
        #expect(
            verdicts(ValidatorChain.personLevel().run(value, in: context)) == [
                "fragment.tooShort /title", "nearDuplicate.nearDuplicateItem /steps/2",
            ])
        #expect(
            verdicts(ValidatorChain.personLevel(at: [pointer("/title")]).run(value, in: context)) == [
                "fragment.tooShort /title"
            ])
    }
}
