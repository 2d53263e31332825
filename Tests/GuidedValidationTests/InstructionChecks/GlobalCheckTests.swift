import GuidedTestSupport
import Testing

/// The checks every answer faces: not empty, not an echo of the prompt.
@Suite struct GlobalCheckTests {
    let prompt = "How far should a beginner run in their first week?"

    @Test func anEmptyAnswerFails() {
        #expect(InstructionCheck.globalFailure(answer: "", prompt: prompt) == "empty answer")
        #expect(InstructionCheck.globalFailure(answer: " \n\t", prompt: prompt) == "empty answer")
    }

    @Test func theSamePromptFails() {
        #expect(InstructionCheck.globalFailure(answer: prompt, prompt: prompt) == "echoes the prompt")
        #expect(
            InstructionCheck.globalFailure(answer: "how far should a BEGINNER run in their first week", prompt: prompt)
                == "echoes the prompt")
    }

    @Test func thePromptPlusAFewWordsFails() {
        #expect(
            InstructionCheck.globalFailure(answer: prompt + " Good question!", prompt: prompt) == "echoes the prompt")
        #expect(
            InstructionCheck.globalFailure(answer: "Q: " + prompt + " A: um", prompt: prompt) == "echoes the prompt")
        let longer = prompt + " It depends on you."
        #expect(InstructionCheck.globalFailure(answer: longer, prompt: prompt) == "echoes the prompt")
    }

    @Test func anAnswerThatQuotesThePromptAndGoesOnPasses() {
        let answer =
            prompt + " Start with 2 to 3 kilometres of easy running, three times in the week, and rest between."
        #expect(InstructionCheck.globalFailure(answer: answer, prompt: prompt) == nil)
    }

    @Test func aRealAnswerPasses() {
        let answer = "Start with 2 to 3 kilometres, three times in your first week."
        #expect(InstructionCheck.globalFailure(answer: answer, prompt: prompt) == nil)
        #expect(InstructionCheck.globalFailure(answer: "Tokyo.", prompt: "What is the capital of Japan?") == nil)
        let corrected = "I received the package yesterday and it was definitely worth the wait."
        let misspelt = "I recieved the pakage yesterday and it was definately worth the wait."
        #expect(InstructionCheck.globalFailure(answer: corrected, prompt: misspelt) == nil)
    }

    @Test func partOfThePromptIsNoEcho() {
        #expect(InstructionCheck.globalFailure(answer: "A beginner should run", prompt: prompt) == nil)
        #expect(InstructionCheck.globalFailure(answer: "Hi", prompt: "...") == nil)
    }
}
