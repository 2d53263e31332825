import Foundation
public import GuidedBackends
public import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

extension Judge {
    /// What the judge's model is told, once: its role and the only answers it may give.
    static let instructions = "You check what an assistant wrote for an app, strictly but fairly. Answer yes or no."

    /// The request that asks the judge's model about `text`, one candidate's value or one item
    /// of it (`item`), written for `asked`: the ``examples`` as answered turns, then the same
    /// facts, what the app asked, the text, and the question. Everything before the text is the
    /// same for every candidate of one request, so the server evaluates it once.
    public func question(about text: String, item: Bool, for asked: BackendRequest) -> BackendRequest {
        let description = asked.schema?.root.description ?? asked.schema.flatMap(Self.fieldDescription)
        return BackendRequest(
            prompt: wording(asked: asked.prompt, wants: description, text: text, item: item),
            instructions: Self.instructions,
            options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 1), grounding: asked.grounding,
            examples: examples.map { example in
                BackendRequest.Example(
                    input: wording(asked: example.asked, wants: description, text: example.text, item: item),
                    grounding: example.facts, output: GeneratedContent(example.keep ? "Yes" : "No"))
            })
    }

    /// The question's words: what the app asked and wants, the text, and ``question``.
    func wording(asked: String, wants description: String?, text: String, item: Bool) -> String {
        var lines = ["The app asked the assistant: \(asked)"]
        if let description { lines.append("What the app wants: \(description)") }
        lines.append((item ? "One item the assistant wrote: " : "What the assistant wrote: ") + text)
        lines.append("")
        lines.append(question)
        return lines.joined(separator: "\n")
    }

    /// The first described field's description, when the schema's root has none.
    static func fieldDescription(_ schema: GenerationSchema) -> String? {
        guard case .object(let object) = schema.root.kind else { return nil }
        return object.properties.compactMap(\.schema.description).first
    }

    /// The texts the judge scores for `content`: each string of its lists of strings (under
    /// `pointers`) for ``Unit/items``, else its JSON — or, for free text, the text itself.
    func texts(of content: GeneratedContent, listPointers pointers: [JSONPointer]) -> (texts: [String], items: Bool) {
        if unit == .items {
            let items = pointers.flatMap { content.content(at: $0)?.arrayValue ?? [] }.compactMap(\.stringValue)
            if !items.isEmpty { return (items, true) }
        }
        return ([content.stringValue ?? content.jsonText()], false)
    }

    /// The probability of "yes" against "no" among the model's most likely first tokens, from
    /// 0 to 1: their probabilities summed over spellings (`Yes`, ` yes`, `YES`), yes over yes
    /// plus no; 0 when neither is among them.
    public static func score(_ tokens: [TokenLogProbability]) -> Double {
        var yes = 0.0
        var no = 0.0
        for token in tokens {
            let word = token.text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                .lowercased()
            if word == "yes" {
                yes += exp(token.logProbability)
            } else if word == "no" {
                no += exp(token.logProbability)
            }
        }
        return yes + no == 0 ? 0 : yes / (yes + no)
    }
}
