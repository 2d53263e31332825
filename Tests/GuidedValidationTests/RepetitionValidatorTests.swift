import GuidedSchema
import GuidedValidation
import Testing

/// `RepetitionValidator`: overused significant words and repeated three-word runs.
@Suite struct RepetitionValidatorTests {
    let repetition = RepetitionValidator()

    @Test func theMeasuredLoopIsCaughtBothWays() {
        let text = "I was floated on my back with the board with the board of the board in the water"
        let context = ValidationContext(schema: GenerationSchema(root: .any))
        let rejections = repetition.check(GeneratedContent(text), in: context)
        #expect(rejections.map(\.reason) == ["repeatedWord", "repeatedPhrase"])
        #expect(rejections[0].detail.hasPrefix(#"uses "board" 3 times, at most 2 allowed: "#))
        #expect(rejections[1].detail.hasPrefix(#"repeats "with the board": "#))
    }

    @Test func usesAreCountedByStem() {
        #expect(reasons(repetition, "Swim, then swim again and keep swimming") == ["repeatedWord"])
        #expect(reasons(repetition, "Swim one lap, rest, then swim another lap") == [])
    }

    @Test func stopwordsAreNeverOverused() {
        #expect(
            reasons(repetition, "Go to the pool and to the gym and to the park") == [],
            "only stopwords repeat: 'and to the'")
        #expect(reasons(repetition, "It is what it is, and it is fine") == [])
    }

    @Test func aRepeatedRunNeedsASignificantWord() {
        #expect(
            reasons(repetition, "Do one of the drills and then one of the stretches") == ["repeatedPhrase"],
            "'one' is significant")
        #expect(reasons(repetition, "Swim in the morning, rest in the evening") == [], "'in the' twice is two words")
    }

    @Test func runsCompareIgnoringCaseAndPunctuation() {
        #expect(reasons(repetition, "Pack the goggles. PACK THE GOGGLES") == ["repeatedPhrase"])
        #expect(reasons(repetition, "Pack the goggles, then wear the goggles") == [])
    }

    @Test func theLimitIsConfigurable() {
        #expect(reasons(RepetitionValidator(maximumWordUses: 1), "Swim, then swim") == ["repeatedWord"])
        #expect(reasons(RepetitionValidator(maximumWordUses: 3), "Swim, swim, swim") == [])
    }

    @Test func machineValuesAreSkippedUnlessPointedAt() throws {
        let schema = GenerationSchema(
            root: .object(
                ObjectConstraints([
                    .init("mood", SchemaNode(.choice(["calm calm calm", "busy"]))),
                    .init("text", .string()),
                ])))
        let value = try output(#"{"mood":"calm calm calm","text":"Rest, rest and rest"}"#)
        let context = ValidationContext(schema: schema)
        #expect(summary(repetition.check(value, in: context)) == ["repeatedWord /text"])
        #expect(
            summary(RepetitionValidator(at: [pointer("/mood")]).check(value, in: context)) == ["repeatedWord /mood"])
    }
}
