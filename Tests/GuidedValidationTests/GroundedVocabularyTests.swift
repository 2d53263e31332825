import GuidedSchema
import GuidedValidation
import Testing

/// `GroundedVocabulary(grounding:)`: what grounded decoding may write for a request, by the same
/// rules the grounding validator checks after generation.
@Suite struct GroundedVocabularyTests {
    static let facts = [
        "Goal: learn to swim",
        "Journal, 14 March 2026: Floated on my back for 5 seconds at Riverside Pool on Sunday.",
        "Journal: Swam my first length.",
        "Done: Find a pool nearby",
    ]

    @Test func specificsAreTheFactsDigitsAndMidSentenceCapitals() {
        let vocabulary = GroundedVocabulary(grounding: Self.facts)
        #expect(Set(vocabulary.specifics) == ["I", "14", "March", "2026", "5", "Riverside", "Pool", "Sunday"])
    }

    @Test func sentenceOpeningCapitalsAreNotNames() {
        let vocabulary = GroundedVocabulary(grounding: Self.facts)
        for word in ["Goal", "Journal", "Floated", "Swam", "Done", "Find"] {
            #expect(!vocabulary.specifics.contains(word), "\(word) opens a sentence in the facts")
        }
    }

    @Test func groundedSpecificWordsAreNotForbidden() {
        let vocabulary = GroundedVocabulary(grounding: Self.facts)
        #expect(!vocabulary.forbiddenWords.contains("first"), "first is in the facts")
        #expect(!vocabulary.forbiddenWords.contains("five"), "5 grounds five")
        #expect(!vocabulary.forbiddenCapitalisedWords.contains("sunday"), "Sunday is in the facts")
        #expect(vocabulary.forbiddenWords.contains("second"))
        #expect(vocabulary.forbiddenWords.contains("six"))
        #expect(vocabulary.forbiddenWords.contains("tomorrow"))
        #expect(vocabulary.forbiddenCapitalisedWords.contains("monday"))
        #expect(vocabulary.forbiddenCapitalisedWords.contains("fri"))
        #expect(!vocabulary.forbiddenCapitalisedWords.contains("march"), "may and march are also verbs")
    }

    @Test func shortWordsThatBeginOrdinaryWordsAreExactBans() {
        let vocabulary = GroundedVocabulary(grounding: [])
        #expect(vocabulary.exactWords.isSuperset(of: ["ten", "fri", "dec", "jan"]))
        #expect(!vocabulary.exactWords.contains("first"))
        #expect(!vocabulary.exactWords.contains("second"), "an exact ban forced 'second' on into 'secondbook'")
    }

    @Test func aBanThatWouldBlockAFactWordIsExact() {
        let vocabulary = GroundedVocabulary(grounding: ["Journal: Floated for a few seconds."])
        #expect(vocabulary.forbiddenWords.contains("second"))
        #expect(vocabulary.exactWords.contains("second"), "seconds is in the facts, so only second itself is banned")
    }

    @Test func appsCanWidenTheVocabulary() {
        let vocabulary = GroundedVocabulary(grounding: [], extraSpecifics: ["Senba"], allowedWords: ["tomorrow"])
        #expect(vocabulary.specifics.contains("Senba"))
        #expect(!vocabulary.forbiddenWords.contains("tomorrow"))
    }

    @Test func theValidatorAgreesOnNumberWords() {
        let context = ValidationContext(grounding: Self.facts, schema: GenerationSchema(root: .any))
        func reasons(_ text: String) -> [String] {
            GroundingValidator().check(GeneratedContent(text), in: context).map(\.reason)
        }
        #expect(reasons("Float on your back for five seconds") == [])
        #expect(reasons("Float on your back for six seconds") == ["ungroundedNumber"])
        #expect(reasons("Swim one more length") == [])
        #expect(reasons("Swim a dozen lengths") == ["ungroundedNumber"])
    }
}
