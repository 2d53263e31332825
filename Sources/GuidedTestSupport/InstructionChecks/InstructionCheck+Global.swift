import GuidedValidation

extension InstructionCheck {
    /// The checks every answer faces, whatever its prompt asks: nil when the answer passes,
    /// else `"empty answer"` (nothing but whitespace) or `"echoes the prompt"` (the prompt
    /// again, or the prompt plus a few words: the echo the framework's own free-text check,
    /// `PromptEchoValidator`, rejects).
    package static func globalFailure(answer: String, prompt: String) -> String? {
        if answer.allSatisfy(\.isWhitespace) { return "empty answer" }
        if PromptEchoValidator.isEcho(answer: answer, prompt: prompt) { return "echoes the prompt" }
        return nil
    }
}
