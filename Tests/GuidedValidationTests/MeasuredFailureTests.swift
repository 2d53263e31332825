import GuidedSchema
import GuidedValidation
import Testing

/// The three failure modes measured on Gemma 3 270M (base), each caught on its real output,
/// and good outputs that pass every validator.
@Suite struct MeasuredFailureTests {
    /// (1) No examples: schema-valid garbage.
    @Test func schemaValidGarbageIsCaught() throws {
        let garbage = try output(#"{"steps":[",",",",","]}"#)
        let context = ValidationContext(prompt: swimPrompt, grounding: [swimGrounding], schema: stepsSchema)

        #expect(SchemaValidator().check(garbage, in: context).isEmpty, "schema-valid: the schema alone cannot catch it")
        #expect(
            summary(MinimumContentValidator().check(garbage, in: context)) == [
                "tooFewWords /steps/0", "tooFewWords /steps/1", "tooFewWords /steps/2",
                "duplicateItem /steps/1", "duplicateItem /steps/2",
            ])
        #expect(
            summary(GroundingValidator().check(garbage, in: context)) == [
                "noSharedWords /steps/0", "noSharedWords /steps/1", "noSharedWords /steps/2",
            ])
        let reasons = Set(everyValidator.run(garbage, in: context).map(\.reason))
        #expect(reasons == ["tooFewWords", "duplicateItem", "noSharedWords"])
    }

    /// (2) Few-shot: the example's running-shoe steps copied into a swimming goal.
    @Test func copiedFewShotContentIsCaught() throws {
        let copied = try output(
            #"{"steps":["Buy a pair of running shoes that fit well","Start with a 10-minute jog around the block","Stretch your calves after every run"]}"#
        )
        let context = ValidationContext(prompt: fewShotSwimPrompt, grounding: [swimGrounding], schema: stepsSchema)

        let grounding = GroundingValidator().check(copied, in: context)
        // "Buy a pair of running shoes" shares the stem of "bought goggles" (irregular forms meet
        // their base verb), so only the other two steps share nothing; the output still fails.
        #expect(
            grounding.filter { $0.reason == "noSharedWords" }.map(\.pointer) == [
                pointer("/steps/1"), pointer("/steps/2"),
            ])
        #expect(summary(grounding.filter { $0.reason != "noSharedWords" }) == ["ungroundedNumber /steps/1"])
        // The copy is verbatim prompt text, so the echo check sees it too.
        #expect(
            summary(ScaffoldingEchoValidator().check(copied, in: context)) == [
                "scaffoldingEcho /steps/0", "scaffoldingEcho /steps/1", "scaffoldingEcho /steps/2",
            ])
        // Even when the prompt is unknown, grounding alone catches it.
        let blind = ValidationContext(grounding: [swimGrounding], schema: stepsSchema)
        #expect(Set(everyValidator.run(copied, in: blind).map(\.reason)) == ["noSharedWords", "ungroundedNumber"])
    }

    /// (3) Invented specifics: "the second book" when the grounding says the first.
    @Test func inventedOrdinalIsCaught() throws {
        let grounding = "Reading goal: finish the first book of the trilogy"
        let context = ValidationContext(grounding: [grounding], schema: notificationSchema)
        let invented = try output(#"{"title":"Reading goal","body":"Finish the second book of the trilogy this week"}"#)

        let rejections = everyValidator.run(invented, in: context)
        #expect(summary(rejections) == ["ungroundedOrdinal /body"])
        #expect(rejections.first?.validator == "grounding")
        #expect(
            rejections.first?.detail
                == #"the ordinal "second" is not in the grounding: "Finish the second book of the trilogy this week""#)

        let faithful = try output(#"{"title":"Reading goal","body":"Finish the first book of the trilogy this week"}"#)
        #expect(everyValidator.run(faithful, in: context).isEmpty)
    }

    /// Invented delivery day, tracking number and time.
    @Test func inventedDateNumberAndTimeAreCaught() throws {
        let grounding = "Order 1Z999AA1 shipped Tuesday; expected delivery Friday"
        let context = ValidationContext(grounding: [grounding], schema: notificationSchema)
        let invented = try output(#"{"title":"Your order shipped","body":"Your order 1Z999AA2 arrives Monday at 5pm"}"#)

        let rejections = GroundingValidator().check(invented, in: context)
        #expect(summary(rejections) == ["ungroundedNumber /body", "ungroundedDate /body", "ungroundedNumber /body"])
        #expect(rejections.map(\.detail).contains { $0.hasPrefix(#"the date "Monday""#) })
        #expect(rejections.map(\.detail).contains { $0.hasPrefix(#"the number "1Z999AA2""#) })

        let faithful = try output(#"{"title":"Your order shipped","body":"Order 1Z999AA1 arrives Friday"}"#)
        #expect(everyValidator.run(faithful, in: context).isEmpty)
    }

    /// An invented store name.
    @Test func inventedNameIsCaught() throws {
        let grounding = "Order 1Z999AA1 shipped Tuesday; expected delivery Friday"
        let context = ValidationContext(grounding: [grounding], schema: notificationSchema)
        let invented = try output(#"{"title":"Your order shipped","body":"Your order from Amazon arrives Friday"}"#)
        #expect(summary(everyValidator.run(invented, in: context)) == ["ungroundedName /body"])
    }

    /// A sourced plan passes every validator, zero-shot and few-shot: the validators are not
    /// rejecting everything.
    @Test(arguments: [swimPrompt, fewShotSwimPrompt])
    func goodStepsPassEveryValidator(_ prompt: String) throws {
        let good = try output(
            #"{"steps":["Pack the goggles you bought","Get to the pool when it opens at 7","Practice floating in the shallow end of the pool"]}"#
        )
        let context = ValidationContext(prompt: prompt, grounding: [swimGrounding], schema: stepsSchema)
        #expect(everyValidator.run(good, in: context) == [])
    }

    /// A good output, messily formatted, passes once cleaned up.
    @Test func cleanedUpOutputPasses() throws {
        let messy = try output(
            #"{"steps":["1. Pack the goggles you bought ","2.  Get to the pool when it opens at 7","- Practice  floating in the pool"]}"#
        )
        let context = ValidationContext(prompt: swimPrompt, grounding: [swimGrounding], schema: stepsSchema)
        #expect(everyValidator.run(OutputCleanup.all().apply(messy), in: context) == [])
    }
}
