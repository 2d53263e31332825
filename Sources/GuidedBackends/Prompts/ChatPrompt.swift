public import GuidedSchema

/// Renders a request as the chat turns an instruction-tuned model reads (``PromptStyle/chat``).
///
/// The turns, fixed and documented:
/// - **system**: the instructions, then — with a schema — the output format in words, each
///   field with its description and limits (`Answer in JSON. steps: Exactly three next steps, in
///   the order to do them (3 items, each at most 100 characters).`); left out when there is
///   neither, so the model's template adds its own default;
/// - for each worked example, a **user** turn (the example's facts block, then its input) and an
///   **assistant** turn (its output: compact JSON, or the text itself without a schema) — the
///   app's examples only: those the framework derives for a base model are left out;
/// - the transcript, each earlier prompt a **user** turn (after the facts its tool calls added,
///   as the answer read them) and each response an **assistant** turn;
/// - last, a **user** turn with the request's facts block, its prompt and — when there are
///   instructions — a reminder of them: `(Remember: {instructions})`.
///
/// The reminder is measured: a small instruct model follows instructions it has just read more
/// often than ones a system turn gave earlier. On the instruction-following benchmark's dev split
/// (`guided-bench text`), Qwen2.5-Coder-1.5B-Instruct passed the checks on 21 of 24 prompts with
/// it and 18 of 24 with the instructions in the system turn alone (18 with them in the user turn
/// alone, 19 with them repeated without the parenthesis).
///
/// Every piece of user text is placed as `PromptText` makes it safe (no control token, a fact
/// on one line). Facts are written as a completion prompt writes them (`CompletionPrompt.factsBlock(_:)`),
/// so both styles show a model the same facts the same way and the checks look for the same
/// scaffolding. Backends turn the messages into the model's own text with its template
/// (llama-server's `/apply-template`) or send them as they are (`/chat/completions`).
public enum ChatPrompt {
    /// One turn of a chat.
    public struct Message: Sendable, Hashable {
        /// Who speaks.
        public enum Role: String, Sendable, Hashable {
            /// Standing instructions.
            case system
            /// The person asking.
            case user
            /// The model answering.
            case assistant
        }

        /// Who speaks.
        public var role: Role
        /// What is said.
        public var content: String

        /// A turn of `role` saying `content`.
        public init(_ role: Role, _ content: String) {
            self.role = role
            self.content = content
        }

        /// The turn as an OpenAI-style message object: `{"role": …, "content": …}`.
        public var json: GeneratedContent {
            ["role": GeneratedContent(role.rawValue), "content": GeneratedContent(content)]
        }
    }

    /// The turns for `request`.
    public static func messages(_ request: BackendRequest) -> [Message] {
        var messages: [Message] = []
        var system: [String] = []
        if let instructions = request.instructions, !instructions.isEmpty {
            system.append(PromptText.lines(instructions))
        }
        if let schema = request.schema, let format = OutputFormatDescription.sentence(for: schema) {
            system.append(PromptText.line(format))
        }
        if !system.isEmpty { messages.append(Message(.system, system.joined(separator: "\n"))) }
        for example in request.examplesAreDefault ? [] : request.examples {
            messages.append(Message(.user, CompletionPrompt.chatMessage(example.input, facts: example.grounding)))
            messages.append(
                Message(.assistant, PromptText.lines(example.outputText(structured: request.schema != nil))))
        }
        for exchange in TranscriptExchange.grouped(request.transcript) {
            if exchange.prompt != nil || !exchange.facts.isEmpty {
                messages.append(
                    Message(.user, CompletionPrompt.chatMessage(exchange.prompt ?? "", facts: exchange.facts)))
            }
            if let answer = exchange.answer { messages.append(Message(.assistant, PromptText.lines(answer))) }
        }
        var last = CompletionPrompt.chatMessage(request.prompt, facts: request.grounding)
        if let instructions = request.instructions, !instructions.isEmpty {
            last += "\n\n(Remember: \(PromptText.lines(instructions)))"
        }
        messages.append(Message(.user, last))
        return messages
    }
}
