import GuidedSchema
import Testing

@testable import GuidedValidation

/// `GrammarValidator`: the broken grammar readers rejected in Gemma 3 270M's notifications and
/// steps (each recorded in `Benchmarks/Fixtures/quality/labels.jsonl`), and the English it leaves.
@Suite struct GrammarValidatorTests {
    /// The reasons for one string.
    func check(_ text: String) -> [String] {
        let context = ValidationContext(schema: GenerationSchema(root: .any))
        return GrammarValidator().check(GeneratedContent(text), in: context).map(\.reason)
    }

    @Test func aSentenceThatEndsOnAConjunctionOrArticleDangles() {
        #expect(
            check("Back in June you made a simple pasta with tomatoes and. You made it simple and.")
                == ["danglingWord"])
        #expect(check("In August you wrote the opening scene in the") == ["danglingWord"])
        #expect(check("Ready to practise with your") == ["danglingWord"])
    }

    @Test func aSentenceMayEndOnAPreposition() {
        #expect(check("Remember the lesson you signed up for? It starts at 7 tomorrow.") == [])
    }

    @Test func aSentenceThatEndsOnANounOrAParticleDoesNotDangle() {
        #expect(check("Back in March you dug a small bed behind the shed.") == [])
        #expect(check("Four seedlings came up.") == [])
        #expect(check("Put the phone in another room and leave it on.") == [])
        #expect(check("You went to bed at 11 p.m. on Sunday.") == [])
    }

    @Test func aPossessiveBeforeAPastTenseVerbIsBrokenGrammar() {
        #expect(check("Remember this? Your floated on your back with the board.") == ["possessiveBeforeVerb"])
        #expect(check("You floated on your back with the board.") == [])
        #expect(check("You told her finished paintings are best.") == [])
    }

    @Test func aWordWrittenTwiceInARowIsBrokenGrammar() {
        #expect(check("Finished two easy routes at the the climbing gym.") == ["doubledWord"])
        #expect(check("She said that that was the hardest route.") == [])
        #expect(check("Walk. Walk again tomorrow.") == [])
    }

    @Test func aSubjectBeforeAParticipleIsBrokenGrammar() {
        #expect(check("Back in March you swum two lengths without stopping.") == ["participleAsPast"])
        #expect(check("Back in March you swam two lengths without stopping.") == [])
        #expect(check("You've swum two lengths without stopping.") == [])
    }

    @Test func aPlainAdjectiveBeforeThanIsBrokenGrammar() {
        #expect(check("The hill near the bridge was hard than expected.") == ["comparativeWithoutEr"])
        #expect(check("The hill near the bridge was harder than expected.") == [])
        #expect(check("It was more difficult than expected, rather than easy.") == [])
    }

    @Test func aStringThatTrailsOffOrEndsASentenceWithoutAStopIsUnfinished() {
        #expect(check("In February you finished the first book, a short...") == ["unfinished"])
        #expect(check("The starter doubled overnight for the first…") == ["unfinished"])
        #expect(check("You planted six seeds. Four seedlings came up on") == ["unfinished"])
        #expect(check("Swim two laps and then float for a while") == [])
        #expect(check("You wrote: \"Four seedlings came up.\"") == [])
    }

    @Test func eachReasonIsGivenOncePerStringWithTheWordsAtFault() {
        let context = ValidationContext(schema: GenerationSchema(root: .any))
        let rejections = GrammarValidator().check(
            GeneratedContent("Your floated at the the pool and"), in: context)
        #expect(rejections.map(\.reason) == ["danglingWord", "possessiveBeforeVerb", "doubledWord"])
        #expect(rejections.map(\.validator) == ["grammar", "grammar", "grammar"])
        #expect(rejections[1].detail == "\"Your floated\": \"Your floated at the the pool and\"")
    }
}
