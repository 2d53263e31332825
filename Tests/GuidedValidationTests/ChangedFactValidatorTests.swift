import GuidedSchema
import GuidedValidation
import Testing

/// `ChangedFactValidator`: a rewrite that changes one of its facts' words, and the words that
/// are no change (inflections, common words, short words); then a rewrite that adds a word no
/// fact has (each recorded from Gemma 3 270M and rejected by a reader in
/// `Benchmarks/Fixtures/quality/labels.jsonl`).
@Suite struct ChangedFactValidatorTests {
    /// The changed-word rejections for one string against `grounding`.
    func check(_ text: String, _ grounding: [String]) -> [String] {
        let context = ValidationContext(grounding: grounding, schema: GenerationSchema(root: .any))
        return ChangedFactValidator(rejectsNewWords: false).check(GeneratedContent(text), in: context).map(\.reason)
    }

    /// Every rejection for one rewrite of `input` against `grounding`.
    func checkAll(_ text: String, _ grounding: [String], input: String = "") -> [String] {
        let context = ValidationContext(grounding: grounding, input: input, schema: GenerationSchema(root: .any))
        return ChangedFactValidator().check(GeneratedContent(text), in: context).map(\.reason)
    }

    static let seedlings = ["Goal: grow tomatoes on the balcony", "29 April 2026: Four seedlings came up."]
    static let book = [
        "Goal: read twelve books this year", "1 February 2026: Finished the first book, a short mystery.",
    ]
    static let sketch = ["Goal: learn to draw portraits", "14 January 2026: Sketched my sister from a photo."]

    @Test func aWordNoFactHasIsANewWord() {
        #expect(checkAll("In February you finished the first book, a short puzzle.", Self.book) == ["newWord"])
        #expect(checkAll("Your sister painted her birthday photo from a photo.", Self.sketch) == ["newWord"])
        #expect(checkAll("In February you finished the first book, a short mystery.", Self.book) == [])
    }

    @Test func theFactsWordsTheCopysWordsAndEverydayWordsAreNoNewWord() {
        let copy = "Back in April you wrote: \"Four seedlings came up.\""
        #expect(checkAll("Back in April four seedlings came up. Ready for more?", Self.seedlings, input: copy) == [])
        #expect(checkAll("Back in April four seedlings came up.", Self.seedlings) == ["newWord"])
    }

    @Test func theNewWordsAreNamedOncePerString() {
        let context = ValidationContext(grounding: Self.seedlings, schema: GenerationSchema(root: .any))
        let rejections = ChangedFactValidator().check(
            GeneratedContent("Your cherry seedlings came up, cherry trees in pots"), in: context)
        #expect(rejections.map(\.reason) == ["newWord"])
        #expect(rejections.first?.detail.hasPrefix("uses \"cherry\", \"trees\", \"pots\", which no fact has") == true)
    }

    @Test func withoutGroundingNothingIsChecked() {
        #expect(checkAll("Your tomatoes grew well.", []) == [])
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
