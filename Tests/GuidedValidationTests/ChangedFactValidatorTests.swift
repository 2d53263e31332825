import GuidedSchema
import GuidedValidation
import Testing

/// `ChangedFactValidator`: a rewrite that changes one of its facts' words, and the words that
/// are no change (inflections, common words, short words).
@Suite struct ChangedFactValidatorTests {
    /// The rejections for one string against `grounding`.
    func check(_ text: String, _ grounding: [String]) -> [String] {
        let context = ValidationContext(grounding: grounding, schema: GenerationSchema(root: .any))
        return ChangedFactValidator().check(GeneratedContent(text), in: context).map(\.reason)
    }

    @Test func aWordOfTheGroundingWithOneLetterChangedIsAChangedFact() {
        // Recorded from Gemma 3 270M: the entry said abuela.
        let grounding = ["Goal: speak basic Spanish", "10 May 2026: Said good morning to abuela in Spanish."]
        #expect(
            check("Your own words, from 10 May 2026. Said good morning to abuelo in Spanish.", grounding)
                == ["changedWord"])
        #expect(check("Abuelo heard good morning in Spanish.", grounding) == ["changedWord"])
        #expect(check("You said good morning to abuela in Spanish.", grounding) == [])
    }

    @Test func aChangedFactIsAnySingleEdit() {
        let grounding = ["Practised the nocturne with Martha"]
        #expect(check("Practised the noturne again", grounding) == ["changedWord"]) // a letter dropped
        #expect(check("Played the nocturnes again", grounding) == []) // an inflection
        #expect(check("Practised the noctrune again", grounding) == ["changedWord"]) // two letters swapped
        #expect(check("Played the nocturne with martta", grounding) == ["changedWord"]) // one replaced
    }

    @Test func inflectionsCommonWordsAndShortWordsAreNoChangedFact() {
        #expect(check("You fed the starters twice", ["Fed the starter twice."]) == [])
        #expect(check("You floated on your back", ["Floats on my back"]) == [])
        #expect(check("You started feeding the starter", ["Fed the starter twice."]) == [])
        #expect(check("You run a mile", ["Ran a mile"]) == [])
    }

    @Test func pluralsAndPastTensesOfAFactWordAreNoChange() {
        // Recorded from the step flow: "tree" beside the entry's "trees".
        #expect(check("Mix greens for the tree", ["Painted the trees in watercolour"]) == [])
        #expect(check("You baked bread", ["Bake bread at home"]) == [])
    }

    @Test func theDetailNamesBothWords() {
        let context = ValidationContext(
            grounding: ["Said good morning to abuela"], schema: GenerationSchema(root: .any))
        let rejection = ChangedFactValidator().check(GeneratedContent("Said good morning to abuelo"), in: context).first
        #expect(rejection?.detail.hasPrefix("\"abuelo\" changes the grounding's \"abuela\"") == true)
    }
}
