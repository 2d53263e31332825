import GuidedSchema
import GuidedValidation
import Testing

/// `ScaffoldingEchoValidator`: markers, schema labels, template slots and verbatim prompt text.
@Suite struct ScaffoldingEchoValidatorTests {
    func echoes(
        _ text: String, prompt: String = "", grounding: [String] = [], schema: GenerationSchema = notificationSchema
    ) -> [String] {
        let context = ValidationContext(prompt: prompt, grounding: grounding, schema: schema)
        return ScaffoldingEchoValidator().check(["body": GeneratedContent(text)], in: context).map(\.detail)
    }

    @Test(arguments: [
        "Here is your notification: Swim at 7",
        "here’s your notification - swim",
        "Output: Swim at 7",
        "Input: learn to swim",
        "Swim at 7 (JSON)",
        "As an AI, I cannot swim",
        "Swim {{time}}",
        "Swim at <slot>",
        "Swim at [placeholder]",
        "```Swim at 7```",
    ])
    func markersAreCaught(_ text: String) {
        #expect(echoes(text).count >= 1, "\(text)")
    }

    @Test(arguments: [
        "Swim at 7 before work",
        "Your output today was great",
        "Throughput: high",
        "JSONs and YAMLs",
        "Check your inbox, then swim",
    ])
    func ordinaryTextIsNot(_ text: String) {
        #expect(echoes(text) == [], "\(text)")
    }

    @Test func schemaPropertyNamesUsedAsLabelsAreCaught() {
        #expect(echoes("title: Swim day") == [#"uses the schema property "title" as a label: "title: Swim day""#])
        #expect(echoes("Title : Swim day").count == 1)
        #expect(echoes(#"{"body" : "Swim"}"#).count == 1)
        #expect(echoes("steps: pack goggles", schema: stepsSchema).count == 1)
        #expect(
            echoes("Take three steps: pack, swim, rest", schema: notificationSchema) == [],
            "not a property of this schema")
        #expect(echoes("The title of the book", schema: notificationSchema) == [], "a property name without a colon")
    }

    @Test(arguments: ["Hi [Your Name], swim today", "Swim at {time}", "Swim now<end_of_turn>", "Swim</s>"])
    func templateSlotsAreCaught(_ text: String) {
        #expect(echoes(text).count == 1, "\(text)")
    }

    @Test func templateSlotDetectionCanBeTurnedOff() {
        let context = ValidationContext(schema: notificationSchema)
        let validator = ScaffoldingEchoValidator(markers: [], detectsTemplateSlots: false)
        #expect(validator.check("Hi [Your Name], swim {today}", in: context).isEmpty)
    }

    @Test func aLongPromptLineRepeatedVerbatimIsCaught() {
        let prompt =
            "Write one short notification.\nUse only the facts below. Do not invent details.\nFacts:\nPool opens at 7"
        #expect(echoes("Use only the facts below. Do not invent details. Swim!", prompt: prompt).count == 1)
        #expect(echoes("Write one short note", prompt: prompt) == [], "20 characters or fewer is not an echo")
        #expect(echoes("Facts: swim at 7", prompt: prompt) == [], "short prompt lines are ignored")
    }

    @Test func aStringCopiedFromThePromptIsCaught() {
        #expect(
            echoes("Start with a 10-minute jog around the block", prompt: fewShotSwimPrompt) == [
                #"copies the prompt verbatim: "Start with a 10-minute jog around the block""#
            ])
    }

    @Test func quotingTheGroundingIsNotAnEcho() {
        let grounding = "Goal: learn to swim. Entries: bought goggles; pool opens at 7"
        #expect(echoes(grounding, prompt: swimPrompt, grounding: [grounding]) == [])
        #expect(echoes("Entries: bought goggles; pool opens at 7", prompt: swimPrompt, grounding: [grounding]) == [])
    }

    @Test func customMarkersReplaceTheDefaults() {
        let context = ValidationContext(schema: notificationSchema)
        let validator = ScaffoldingEchoValidator(markers: ["Notification text"])
        #expect(validator.check("NOTIFICATION TEXT swim", in: context).count == 1)
        #expect(validator.check("Output: swim", in: context).isEmpty)
    }
}
