import GuidedSchema
import GuidedValidation
import Testing

/// `ExampleLeakValidator`: an example's subject words in an output are a leak, unless this
/// request's facts share them.
@Suite struct ExampleLeakValidatorTests {
    static let examples = ["Goal: learn to sew a tote bag", "Journal: Threaded the sewing machine on my own."]

    func reasons(_ text: String, grounding: [String] = ["Goal: learn to swim", "Journal: Swam two lengths."])
        -> [String]
    {
        let context = ValidationContext(
            grounding: grounding, schema: GenerationSchema(root: .any), exampleGrounding: Self.examples)
        return ExampleLeakValidator().check(GeneratedContent(text), in: context).map(\.reason)
    }

    @Test func anExamplesSubjectInTheOutputIsALeak() {
        #expect(reasons("You swam two lengths. Your tote bag is getting closer.") == ["leaksExample"])
        #expect(reasons("Thread the machine before the swim") == ["leaksExample"], "stems match: threaded, thread")
    }

    @Test func wordsTheRequestSharesAreNotLeaks() {
        #expect(reasons("Pack your swim bag", grounding: ["Goal: learn to swim", "Journal: Forgot my bag."]) == [])
        #expect(reasons("Swim two more lengths on your own") == [], "stopwords never leak")
    }

    @Test func everydayWordsFromAnExampleAreNotLeaks() {
        let examples = [
            "Goal: learn to tie sailing knots", "Journal: The clove hitch kept slipping.",
            "Journal: Got better at the bowline.",
        ]
        let context = ValidationContext(
            grounding: ["Goal: bake sourdough at home", "Journal: Fed the starter twice."],
            schema: GenerationSchema(root: .any), exampleGrounding: examples)
        let check = { (text: String) in ExampleLeakValidator().check(GeneratedContent(text), in: context).map(\.reason)
        }
        #expect(check("Keep the starter warm so it gets better") == [], "keep, get, better name no subject")
        #expect(
            check("Tie the starter jar with a clove hitch") == ["leaksExample"], "the example's own subject still leaks"
        )
        #expect(EverydayWords.words.count > 150)
    }

    @Test func withoutExamplesNothingIsChecked() {
        let context = ValidationContext(grounding: ["Goal: swim"], schema: GenerationSchema(root: .any))
        #expect(ExampleLeakValidator().check(GeneratedContent("Sew a tote bag"), in: context).isEmpty)
    }
}
