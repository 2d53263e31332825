import GuidedSchema
import GuidedValidation
import Testing

/// `ReaderVoiceValidator`: notifications speak to the reader, never as "I".
@Suite struct ReaderVoiceValidatorTests {
    func reasons(_ text: String) -> [String] {
        ReaderVoiceValidator().check(
            GeneratedContent(text), in: ValidationContext(schema: GenerationSchema(root: .any))
        ).map(\.reason)
    }

    @Test func theDiaryVoiceIsRejected() {
        #expect(reasons("I sat quietly for five minutes after the breakfast.") == ["firstPerson"])
        #expect(reasons("Sorry, I'm late with this reminder") == ["firstPerson"])
        #expect(reasons("Your goal means a lot to me") == ["firstPerson"])
    }

    @Test func speakingToTheReaderPasses() {
        #expect(reasons("In January you sat quietly for five minutes. Ready for another?") == [])
        #expect(
            reasons("Illustrate the idea for your sketchbook") == [], "words that only begin like I'll are not pronouns"
        )
        #expect(reasons("Rest if you feel ill after the swim") == [], "ill is not I'll")
    }

    @Test func quotingTheReaderPasses() {
        #expect(reasons("Back in March you wrote: \"I swam two lengths without stopping.\"") == [])
    }
}
