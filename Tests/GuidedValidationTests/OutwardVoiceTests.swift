import GuidedSchema
import GuidedValidation
import Testing

/// The default outward-voice list, and the exemption for phrases the grounding itself uses.
@Suite struct OutwardVoiceTests {
    func rejections(
        _ text: String, grounding: [String] = [], _ validator: BlockedPhraseValidator = BlockedPhraseValidator()
    ) -> [String] {
        let context = ValidationContext(grounding: grounding, schema: GenerationSchema(root: .any))
        return validator.check(GeneratedContent(text), in: context).map(\.detail)
    }

    @Test(arguments: [
        "Unlock your baking streak!", "Don't miss today's feed", "You forgot to feed the starter",
        "An amazing loaf awaits", "Hurry, your starter is waiting", "We miss you at the pool",
    ])
    func theDefaultListCatchesHypePressureAndGuilt(text: String) {
        #expect(!rejections(text).isEmpty, "\(text)")
    }

    @Test func plainCalmCopyPasses() {
        #expect(rejections("Back in March you wrote: \"Fed the starter twice.\"").isEmpty)
    }

    @Test func aPhraseTheUserWroteIsExempt() {
        let grounding = ["2026-03-01: Don't miss the morning feed, the starter was amazing"]
        #expect(
            rejections(
                "Back in March you wrote: \"Don't miss the morning feed, the starter was amazing\"",
                grounding: grounding
            ).isEmpty)
        #expect(
            rejections("Unlock a better loaf", grounding: grounding).count == 1, "only the grounded phrases are exempt")
    }

    @Test func theExemptionAndTheListCanBeTurnedOff() {
        let grounding = ["Don't miss the morning feed"]
        #expect(
            rejections("Don't miss it", grounding: grounding, BlockedPhraseValidator(exemptsGroundedPhrases: false))
                .count == 1)
        #expect(rejections("Amazing", BlockedPhraseValidator(phrases: ["ham"])).isEmpty)
        #expect(
            rejections("Ham sandwich", BlockedPhraseValidator(phrases: BlockedPhraseValidator.outwardVoice + ["ham"]))
                .count == 1)
    }
}
