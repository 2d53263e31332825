import GuidedSchema

/// Renders instructions, transcript and prompt into one completion prompt for a base model
/// with no chat template (llama-server `/completion`, Ollama `/api/generate` with `raw`).
///
/// The format, fixed and documented:
/// ```
/// {instructions}
/// Output format: JSON. {field}: {description} …
///
/// Facts:
/// - {example fact}
/// Input: {example input}
/// Output: {example output: compact JSON, or the text itself without a schema}
///
/// Input: {earlier prompt}
/// Output: {earlier response}
///
/// Facts:
/// - {grounding snippet}
/// - {grounding snippet}
///
/// Input: {prompt}
/// Output:
/// ```
/// An earlier exchange in which the model called tools shows their results as its facts block, as
/// the answer read them.
/// A facts block appears only where there are facts, right before the input it belongs to: each
/// example shows its own facts and the output drawn from them, the request shows its own. The
/// same shape in every section is what a base model continues; examples from other domains
/// teach the shape without content that could pass for this request's.
/// Every piece of user text is placed as `PromptText` makes it safe: a fact on one line, no
/// line of a prompt opening a section, no control token.
/// With a schema, a line `Output format: JSON. {field}: {description} …` (from the root object's
/// property descriptions) follows the instructions, so the model knows what each field is for.
public enum CompletionPrompt {
    /// The prompt text for `request`.
    public static func render(_ request: BackendRequest) -> String {
        var sections: [String] = []
        var header: [String] = []
        if let instructions = request.instructions, !instructions.isEmpty {
            header.append(PromptText.lines(instructions))
        }
        if let schema = request.schema, let format = formatLine(schema) { header.append(PromptText.line(format)) }
        if !header.isEmpty { sections.append(header.joined(separator: "\n")) }
        for example in request.examples {
            let output = PromptText.lines(example.outputText(structured: request.schema != nil))
            sections.append(
                factsBlock(example.grounding) + "Input: \(PromptText.lines(example.input))\nOutput: \(output)")
        }
        for exchange in TranscriptExchange.grouped(request.transcript) {
            guard let answer = exchange.answer else { continue }
            sections.append(
                factsBlock(exchange.facts) + "Input: \(PromptText.lines(exchange.prompt ?? ""))\nOutput: "
                    + PromptText.lines(answer))
        }
        sections.append(factsBlock(request.grounding) + "Input: \(PromptText.lines(request.prompt))\nOutput:")
        return sections.joined(separator: "\n\n")
    }

    /// Where a section of the prompt format begins: a base model that has finished its answer
    /// goes on with the next section, so free text stops at these (``stops(for:)``).
    package static let sectionMarkers = ["\nInput:", "\nOutput:", "\nFacts:"]

    /// The stop sequences a completion backend sends for `request`: the request's own
    /// (``GenerationOptions/stopSequences``), plus `sectionMarkers` for free text (structured
    /// output ends where its grammar does; llama-server's grammar also accepts the line breaks a
    /// base model writes after the value, and that backend adds a stop at the first of them).
    package static func stops(for request: BackendRequest) -> [String] {
        var stops = request.options.stopSequences ?? []
        if request.schema == nil { stops += sectionMarkers.filter { !stops.contains($0) } }
        return stops
    }

    /// `Facts:` and one `- fact` line each, then a line break; empty without facts. The one
    /// rendering of facts: a completion prompt puts it before `Input:`, a chat message before
    /// its text (``chatMessage(_:facts:)``).
    package static func factsBlock(_ facts: [String]) -> String {
        facts.isEmpty ? "" : "Facts:\n" + facts.map { "- " + PromptText.line($0) }.joined(separator: "\n") + "\n"
    }

    /// A chat message's text with its facts in the completion prompt's form: the facts block, a
    /// blank line, then `text`; `text` alone without facts. Chat backends (OpenAI-compatible) use
    /// it for the request's own message.
    package static func chatMessage(_ text: String, facts: [String]) -> String {
        facts.isEmpty ? PromptText.lines(text) : factsBlock(facts) + "\n" + PromptText.lines(text)
    }

    static func formatLine(_ schema: GenerationSchema) -> String? {
        var node = schema.root
        if case .reference(let name) = node.kind, let target = schema.definition(named: name) { node = target }
        guard case .object(let object) = node.kind else { return nil }
        let fields = object.properties.compactMap { property in
            property.schema.description.map { "\(property.name): \($0)." }
        }
        guard !fields.isEmpty else { return "Output format: JSON." }
        return "Output format: JSON. " + fields.joined(separator: " ")
    }
}
