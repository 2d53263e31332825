import CanonicalSchemas
import GuidedJSON
import GuidedSchema
import Testing

@testable import GuidedBackends

/// The chat turns an instruct model reads (`ChatPrompt`), compared whole.
@Suite struct ChatPromptTests {
    static func turns(_ request: BackendRequest) -> [String] {
        ChatPrompt.messages(request).map { "\($0.role.rawValue): \($0.content)" }
    }

    @Test func instructionsAndTheFormatAreTheSystemTurnAndAreRecalledAfterTheRequest() {
        let request = BackendRequest(
            prompt: "Suggest three next steps.", instructions: "Be concrete.", schema: StepSuggestions.generationSchema,
            grounding: ["Goal: learn to swim", "Journal: Floated on my back."])
        #expect(
            Self.turns(request) == [
                "system: Be concrete.\nAnswer in JSON. steps: Exactly three next steps, in the order to do them "
                    + "(3 items, each at most 100 characters).",
                "user: Facts:\n- Goal: learn to swim\n- Journal: Floated on my back.\n\nSuggest three next steps.\n\n"
                    + "(Remember: Be concrete.)",
            ])
    }

    @Test func freeTextWithoutInstructionsIsOneUserTurnSoTheTemplateAddsItsOwnSystemTurn() {
        #expect(Self.turns(BackendRequest(prompt: "Tell me about the moon.")) == ["user: Tell me about the moon."])
        #expect(
            Self.turns(BackendRequest(prompt: "Tell me about the moon.", instructions: ""))
                == ["user: Tell me about the moon."])
    }

    @Test func theAppsExamplesAndTheTranscriptAreTurnsInOrder() {
        let request = BackendRequest(
            prompt: "And a third?", instructions: "Answer briefly.",
            transcript: [TranscriptEntry(.user, "Name a planet."), TranscriptEntry(.model, "Mars.")],
            examples: [BackendRequest.Example(input: "Name a colour.", grounding: ["Topic: art"], output: "Blue.")])
        #expect(
            Self.turns(request) == [
                "system: Answer briefly.", "user: Facts:\n- Topic: art\n\nName a colour.", "assistant: Blue.",
                "user: Name a planet.", "assistant: Mars.", "user: And a third?\n\n(Remember: Answer briefly.)",
            ])
    }

    @Test func theFrameworksOwnExamplesAreLeftOutForAChatModel() {
        var request = BackendRequest(
            prompt: "Describe a lighthouse.",
            examples: [BackendRequest.Example(input: "What is 12 + 7?", output: "12 + 7 is 19.")])
        request.examplesAreDefault = true
        #expect(Self.turns(request) == ["user: Describe a lighthouse."])
    }

    @Test func aTurnIsAnOpenAIStyleMessage() {
        #expect(ChatPrompt.Message(.assistant, "Hi.").json == ["role": "assistant", "content": "Hi."])
    }
}

/// The output format an instruct model is told, in words (`OutputFormatDescription`).
@Suite struct OutputFormatDescriptionTests {
    static func sentence(_ json: String) throws -> String? {
        OutputFormatDescription.sentence(for: try GenerationSchema.fromJSONSchema(try JSONReader.parse(json)).schema)
    }

    @Test func eachFieldHasItsDescriptionAndLimits() throws {
        let schema = #"""
            {"type": "object", "properties": {
              "text": {"type": "string", "description": "The notification text", "maxLength": 180},
              "tags": {"type": "array", "minItems": 1, "maxItems": 4, "items": {"type": "string", "minLength": 2, "maxLength": 20}},
              "mood": {"enum": ["calm", "upbeat"]},
              "note": {"type": "string"}},
             "required": ["text", "tags", "mood"]}
            """#
        #expect(
            try Self.sentence(schema)
                == "Answer in JSON. text: The notification text (at most 180 characters). tags: (1 to 4 items, "
                + #"each 2 to 20 characters). mood: (one of "calm", "upbeat")."#)
    }

    @Test func aRootThatIsNotAnObjectHasNoSentence() throws {
        #expect(try Self.sentence(#"{"type": "array", "items": {"type": "string"}}"#) == nil)
    }
}
