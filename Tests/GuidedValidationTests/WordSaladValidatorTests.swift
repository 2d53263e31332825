import GuidedSchema
import GuidedValidation
import Testing

/// `WordSaladValidator`: bad sentence openers, stray capitals and dangling endings.
@Suite struct WordSaladValidatorTests {
    let salad = WordSaladValidator()

    @Test(arguments: [
        "Of the board in the water", "And the pool is open", "Swim today. But the pool is cold", "Or rest at home",
        "Rest now; nor swim later", "Than the deep end it is warmer",
    ])
    func sentencesOpeningWithAConjunctionOrOfAreCaught(_ text: String) {
        #expect(reasons(salad, text) == ["badSentenceOpener"], "\(text)")
    }

    @Test(arguments: [
        "With the board, kick ten times", "Before breakfast, stretch", "In March you wrote that you bought goggles",
        "At the pool, swim two laps", "Swim, or walk if it rains", "Because it rained, swim indoors",
    ])
    func prepositionalOpenersAndMidSentenceConjunctionsPass(_ text: String) {
        #expect(reasons(salad, text) == [], "\(text)")
    }

    @Test func openersAreConfigurable() {
        #expect(reasons(WordSaladValidator(openers: ["with"]), "With the board in the water") == ["badSentenceOpener"])
        #expect(reasons(WordSaladValidator(openers: ["with"]), "And the pool is open") == [])
    }

    @Test(arguments: ["learn It to swim", "go The pool", "Swim with Your board today", "Kick And rest"])
    func capitalizedFunctionWordsMidSentenceAreCaught(_ text: String) {
        #expect(reasons(salad, text) == ["capitalizedFunctionWord"], "\(text)")
    }

    @Test(arguments: [
        "Finish reading The Hobbit this week", "You wrote \"The pool opens at 7\" last week",
        "Time For Your Swim Lesson",
        "Back in May you swam twice", "Ask IT to reset the laptop", "Choose plan A for the week",
        "Swim; It is warm today",
        "I think I can swim now",
    ])
    func titlesQuotesAcronymsAndSentenceStartsPass(_ text: String) {
        #expect(reasons(salad, text) == [], "\(text)")
    }

    @Test func aCapitalTheGroundingUsesMidSentenceIsAllowed() {
        let text = "Finish reading It this week"
        #expect(reasons(salad, text) == ["capitalizedFunctionWord"])
        #expect(reasons(salad, text, grounding: ["Book club reads It by Stephen King"]) == [])
        #expect(
            reasons(salad, text, grounding: ["It is a long book"]) == ["capitalizedFunctionWord"],
            "a sentence start says nothing")
    }

    @Test(arguments: [
        "Swim with the", "Kick with the board to", "Pack the goggles and", "Swim with the.", "Bring your",
        "Rest a day or", "Kick with the board of", "Pack a towel for",
    ])
    func danglingEndingsAreCaught(_ text: String) {
        #expect(reasons(salad, text) == ["danglingEnding"], "\(text)")
    }

    @Test(arguments: [
        "Warm up", "Log in", "Pack the goggles the night before", "What are you waiting for?",
        "Find a friend to swim with",
        "Book the class you signed up for.", "Reread the goal you wrote about", "Not yet",
        "A goal worth working toward",
        "Ask a lifeguard to stop by", "Swim across",
    ])
    func strandedPrepositionsAndParticlesPass(_ text: String) {
        #expect(reasons(salad, text) == [], "\(text)")
    }

    @Test func eachReasonOncePerString() {
        #expect(
            reasons(salad, "And learn It. Or go The pool with the") == [
                "badSentenceOpener", "capitalizedFunctionWord", "danglingEnding",
            ])
    }
}
