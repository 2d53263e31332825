import GuidedSchema
import GuidedValidation
import Testing

/// `StepItemValidator`: steps that open like a remark or a diary line, or copy an entry back.
@Suite struct StepItemValidatorTests {
    let steps = StepItemValidator(at: [pointer("/steps")])

    func check(_ items: [String], grounding: [String] = []) -> [String] {
        let value: GeneratedContent = ["steps": GeneratedContent(elements: items.map { GeneratedContent($0) })]
        return summary(steps.check(value, in: ValidationContext(grounding: grounding, schema: stepSuggestionsSchema)))
    }

    @Test func theMeasuredDiaryLineIsCaught() {
        #expect(check(["I was standing in the shallow end"]) == ["startsWithPronoun /steps/0"])
        #expect(
            check(
                ["I was standing in the shallow end"], grounding: ["Entry: I was standing in the shallow end, scared"])
                == [
                    "startsWithPronoun /steps/0", "copiesEntry /steps/0",
                ])
    }

    @Test(arguments: [
        "You can book a lesson", "My goal is to swim", "It helps to stretch", "There is a pool nearby",
        "This is the first step", "We should swim more", "Your first step is to swim", "I'm going to the pool",
        "They open at 7",
    ])
    func pronounOpenersAreCaught(_ text: String) {
        #expect(check([text]) == ["startsWithPronoun /steps/0"], "\(text)")
    }

    @Test(arguments: ["This week, book a lesson", "That evening, pack the bag", "These mornings, stretch first"])
    func aDemonstrativeTimePhraseIsFine(_ text: String) {
        #expect(check([text]) == [], "\(text)")
    }

    @Test(arguments: [
        "Great job on the goggles", "Well done, keep swimming", "Hi there, book a lesson", "Sure, pack the goggles",
        "Okay, swim now", "Congrats on the goggles", "Here are three steps", "Good luck at the pool",
    ])
    func greetingOpenersAreCaught(_ text: String) {
        #expect(check([text]) == ["startsWithGreeting /steps/0"], "\(text)")
    }

    @Test(arguments: [
        "Went to the pool twice", "Bought new goggles", "Signed up for lessons", "Swam two laps", "Tried the deep end",
        "Was scared of the water",
    ])
    func pastTenseOpenersAreCaught(_ text: String) {
        #expect(check([text]) == ["startsWithPastTense /steps/0"], "\(text)")
    }

    @Test(arguments: [
        "Can keep two balls going with one hand", "Should you swim today?", "Is the bag packed?", "Will swim on Monday",
        "Are the goggles clean?",
    ])
    func auxiliaryOpenersAreCaught(_ text: String) {
        #expect(check([text]) == ["startsWithAuxiliary /steps/0"], "\(text)")
    }

    @Test(arguments: [
        "Read ten pages each evening", "Do ten push-ups after breakfast", "Don't skip the warm-up",
        "Have a glass of water first", "Be patient with the first lengths", "Put the goggles in your bag",
        "Cut the session short if you are cold", "Set an alarm for 7", "Feed the cat before you leave",
        "Need a towel? Pack one", "Shred old notes", "Remember to stretch", "Keep going at the pool",
        "Try the deep end",
    ])
    func actionsPass(_ text: String) {
        #expect(check([text]) == [], "\(text)")
    }

    @Test func anEntryCopiedBackInThePastTenseIsCaught() {
        let grounding = ["Goal: learn to swim", "Entry: swam two laps in the shallow end"]
        #expect(check(["Then swam two laps in the shallow end"], grounding: grounding) == ["copiesEntry /steps/0"])
        #expect(
            check(["Swim two laps in the shallow end"], grounding: grounding) == [], "the same words as an instruction")
        #expect(
            check(["Then swam with a friend at the lake"], grounding: grounding) == [],
            "one stem in three is not a copy")
    }

    @Test func referringToWhatTheUserDidIsFine() {
        #expect(check(["Pack the goggles you bought"], grounding: ["Entry: bought goggles"]) == [])
        #expect(check(["Pack the goggles you've bought"], grounding: ["Entry: bought goggles"]) == [])
    }

    @Test func theOverlapThresholdIsConfigurable() {
        let grounding = ["Entry: swam two laps in the shallow end"]
        let strict = StepItemValidator(at: [pointer("/steps")], minimumEntryOverlap: 0.3)
        let value: GeneratedContent = ["steps": ["Then swam with a friend at the lake"]]
        #expect(
            strict.check(value, in: ValidationContext(grounding: grounding, schema: stepSuggestionsSchema)).map(
                \.reason) == ["copiesEntry"])
    }

    @Test func onlyTheStepPointersAreChecked() {
        let value: GeneratedContent = ["text": "You bought goggles in March", "steps": ["Pack the goggles"]]
        #expect(steps.check(value, in: ValidationContext(schema: GenerationSchema(root: .any))).isEmpty)
    }
}
