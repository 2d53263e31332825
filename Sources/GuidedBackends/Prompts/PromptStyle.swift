/// How a backend shows a request to its model: as one completion prompt for a base model, or as
/// chat turns rendered by an instruction-tuned model's own chat template.
///
/// A base model continues text, so ``CompletionPrompt`` lays the request out as sections it can
/// continue (`Input:` … `Output:`), and worked examples decide what it writes. An instruct model
/// was trained on turns (system, user, assistant), so ``ChatPrompt`` gives it the instructions as
/// the system turn, examples as user/assistant pairs and the request as the last user turn, and
/// the model's template (ChatML for Qwen, Gemma's turns for Gemma) turns them into text.
public enum PromptStyle: String, Sendable, Hashable, CaseIterable {
    /// ``CompletionPrompt``: for a base model with no chat template.
    case completion
    /// ``ChatPrompt``, rendered with the model's own chat template: for an instruction-tuned model.
    case chat
}
