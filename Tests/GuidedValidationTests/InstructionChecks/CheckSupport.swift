import GuidedTestSupport

/// The reason `check` gives for `answer`, nil when it passes; the prompt is one no answer echoes.
func reason(_ check: InstructionCheck, _ answer: String, prompt: String = "Tell me something.") -> String? {
    check.failure(in: answer, prompt: prompt)
}

/// Whether `answer` passes `check`.
func passes(_ check: InstructionCheck, _ answer: String) -> Bool {
    reason(check, answer) == nil
}
