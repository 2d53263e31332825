import GuidedSchema
import GuidedValidation
import Testing

/// `MinimumContentValidator`: word counts and distinct items.
@Suite struct MinimumContentValidatorTests {
    let context = ValidationContext(schema: GenerationSchema(root: .any))

    @Test(arguments: [
        ("Pack goggles", 2), ("Swim 10 laps", 2), (",", 0), ("...", 0), ("7", 0), ("Swim", 1),
        ("  Pack   the\ngoggles ", 3), ("don't stop", 2), ("10-minute jog", 2),
    ])
    func wordsAreTokensWithALetter(_ text: String, _ words: Int) {
        let minimum = MinimumContentValidator(minimumWords: words + 1, distinctItems: false)
        #expect(minimum.check(GeneratedContent(text), in: context).map(\.reason) == ["tooFewWords"])
        #expect(MinimumContentValidator(minimumWords: words).check(GeneratedContent(text), in: context).isEmpty)
    }

    @Test func duplicatesAreCaseInsensitiveAndTrimmed() throws {
        let value = try output(#"{"steps":["Swim a lap", "swim a lap ", "Rest well", "SWIM A LAP"]}"#)
        let rejections = MinimumContentValidator().check(value, in: context)
        #expect(summary(rejections) == ["duplicateItem /steps/1", "duplicateItem /steps/3"])
        #expect(rejections[0].detail == #"repeats item 0: "swim a lap ""#)
    }

    @Test func nonStringItemsAreComparedExactly() throws {
        let value = try output(#"[[1, 1, 2], [{"a":"x"}, {"a":"x"}, {"a":"X"}]]"#)
        #expect(
            summary(MinimumContentValidator(minimumWords: 0).check(value, in: context)) == [
                "duplicateItem /0/1", "duplicateItem /1/1",
            ])
    }

    @Test func distinctItemsCanBeTurnedOff() {
        let value: GeneratedContent = ["Swim a lap", "Swim a lap"]
        #expect(MinimumContentValidator(distinctItems: false).check(value, in: context).isEmpty)
    }

    @Test func pointersLimitTheWordCount() throws {
        let value = try output(#"{"category":"reminder","body":"Pack the goggles"}"#)
        #expect(summary(MinimumContentValidator().check(value, in: context)) == ["tooFewWords /category"])
        #expect(MinimumContentValidator(at: [pointer("/body")]).check(value, in: context).isEmpty)
    }
}
