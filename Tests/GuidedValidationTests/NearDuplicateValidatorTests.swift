import GuidedSchema
import GuidedValidation
import Testing

/// `NearDuplicateValidator`: items of one array that nearly repeat an earlier item.
@Suite struct NearDuplicateValidatorTests {
    let near = NearDuplicateValidator()
    let context = ValidationContext(schema: GenerationSchema(root: .any))

    func check(_ items: [String], _ validator: NearDuplicateValidator = NearDuplicateValidator()) -> [String] {
        let value: GeneratedContent = ["steps": GeneratedContent(elements: items.map { GeneratedContent($0) })]
        return summary(validator.check(value, in: context))
    }

    @Test func theMeasuredKnittingTemplateIsCaught() throws {
        let value = try output(#"{"steps":["step 0: start to knit","step 1: begin to knit","step 2: end to knit"]}"#)
        let rejections = near.check(value, in: context)
        #expect(summary(rejections) == ["nearDuplicateItem /steps/1", "nearDuplicateItem /steps/2"])
        #expect(rejections[1].detail == #"nearly repeats item 0: "step 2: end to knit""#)
    }

    @Test func sameStemsInAnotherOrderAreCaught() {
        #expect(
            check(["Swim two laps in the pool", "Swim in the pool for two laps", "Pack the goggles"]) == [
                "nearDuplicateItem /steps/1"
            ])
    }

    @Test func anItemContainedInAnotherIsCaughtFromThreeStems() {
        let longer = "Practise floating on your back near the wall with a friend and a board"
        #expect(check(["Practise floating on your back", longer]) == ["nearDuplicateItem /steps/1"])
        #expect(
            check(["Float on your back", "Float on your back near the wall with a friend and a board"]) == [],
            "two stems contained")
    }

    @Test func oneWordChangedInAFourWordTemplateIsCaught() {
        #expect(check(["Swim for ten minutes", "Walk for ten minutes"]) == ["nearDuplicateItem /steps/1"])
        #expect(
            check(["Swim for 10 minutes", "Swim for 20 minutes"]) == ["nearDuplicateItem /steps/1"],
            "numbers count as equal")
        #expect(check(["Pack the goggles", "Wear the goggles"]) == [], "three words are too few for the template rule")
    }

    @Test func distinctStepsPass() {
        #expect(
            check([
                "Book a beginner swim lesson at the public pool", "Practise floating on your back for five minutes",
                "Pack the goggles the night before",
            ]) == [])
        #expect(check(["Pack the goggles", "Wear the goggles at the pool", "Rinse the goggles after"]) == [])
    }

    @Test func exactDuplicatesAreLeftToMinimumContent() {
        #expect(check(["Swim a lap", "swim a lap ", "Rest well"]) == [])
    }

    @Test func thresholdsAreConfigurable() {
        #expect(
            check(["Pack the goggles", "Wear the goggles"], NearDuplicateValidator(minimumJaccard: 0.3)) == [
                "nearDuplicateItem /steps/1"
            ])
        #expect(
            check(
                ["Swim two laps in the pool", "Swim in the pool for two laps"],
                NearDuplicateValidator(minimumJaccard: 1.1, minimumContainedStems: 9)) == [])
    }

    @Test func everyArrayOrThoseAtPointers() throws {
        let value = try output(
            #"{"a":["Swim two laps","Two laps swim"],"b":[["Rest on the sofa","Rest on the sofa now"], 3]}"#)
        #expect(summary(near.check(value, in: context)) == ["nearDuplicateItem /a/1", "nearDuplicateItem /b/0/1"])
        #expect(
            summary(NearDuplicateValidator(at: [pointer("/b/0")]).check(value, in: context)) == [
                "nearDuplicateItem /b/0/1"
            ])
    }
}
