import Foundation
import Guided
import GuidedJSON
import GuidedTestSupport
import Testing

/// The adapters are trained on prompts written by `scripts/adapter-training/prompts.py`; they are
/// served prompts written by ``CompletionPrompt``. The two must agree to the byte, or the adapter
/// sees a prompt it never learned: for many of the training renderings (instructions or none, a
/// field description or none, dated, labelled or journal entries, completed steps shown or not,
/// several inputs), the request built from the same parts renders the same prompt without examples.
@Suite struct AdapterPromptParityTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let example =
        #"{"goal": "learn to skateboard", "entries": ["Rode to the end of the street without falling.", "Still scared to push off with my back foot."], "done": ["Buy a helmet"], "steps": ["Ride to the end of the street and back", "Practise pushing off on flat ground", "Wear the helmet every time you ride"]}"#

    /// The steps schema with `description` on its field, as a schema file would declare it.
    static func schema(description: String?) throws -> GenerationSchema {
        let described = description.map { #""description": \#(GeneratedContent($0).jsonText()), "# } ?? ""
        return try GenerationSchema.fromJSONSchema(
            try JSONReader.parse(
                #"{"type": "object", "properties": {"steps": {\#(described)"type": "array", "items": {"type": "string"}, "minItems": 3, "maxItems": 3}}, "required": ["steps"]}"#
            )
        ).schema
    }

    @Test(arguments: 0..<24)
    func aTrainingPromptIsWhatTheBackendRendersForTheSameRequest(seed: Int) throws {
        let run = try ExecutableRun.run(
            "/usr/bin/env",
            ["python3", "scripts/adapter-training/prompts.py", "--render", Self.example, String(seed)],
            directory: Self.repository)
        try #require(run.status == 0, "\(run.stderr)")
        let rendered = try JSONReader.parse(run.stdout)
        var request = BackendRequest(
            prompt: try #require(rendered["input"]?.stringValue),
            instructions: rendered["instructions"]?.stringValue,
            schema: try Self.schema(description: rendered["description"]?.stringValue),
            grounding: (rendered["facts"]?.arrayValue ?? []).compactMap(\.stringValue))
        request.adapter = "next-steps"
        #expect(CompletionPrompt.render(request) == rendered["prompt"]?.stringValue)
    }
}
