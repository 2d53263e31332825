import GuidedSchema
import GuidedValidation
import Testing

/// `FragmentValidator`: too few words, or a lead-in ending on `:`, `,` or `;`.
@Suite struct FragmentValidatorTests {
    let fragment = FragmentValidator()

    @Test func theMeasuredColonFragmentIsCaught() {
        #expect(reasons(fragment, "Three short steps:") == ["danglingPunctuation"])
    }

    @Test(arguments: [("Swim now", 2), ("Swim", 1), ("", 0), ("7 laps", 1), ("...", 0), ("Note: pack", 2)])
    func fewerThanThreeWordsIsTooShort(_ text: String, _ words: Int) {
        let context = ValidationContext(schema: GenerationSchema(root: .any))
        let rejections = fragment.check(GeneratedContent(text), in: context)
        #expect(rejections.map(\.reason) == ["tooShort"])
        #expect(rejections.first?.detail.hasPrefix("\(words) word") == true)
    }

    @Test(arguments: ["Pack the goggles,", "Pack the goggles;", "Pack the goggles: ", "Pack the goggles,\n"])
    func aDanglingSeparatorIsCaught(_ text: String) {
        #expect(reasons(fragment, text) == ["danglingPunctuation"])
    }

    @Test(arguments: [
        "Pack the goggles", "Pack the goggles.", "Swim 10 laps today", "Ready for the pool?", "Rest: you earned it",
    ])
    func phrasesPass(_ text: String) {
        #expect(reasons(fragment, text) == [])
    }

    @Test func bothReasonsCanApply() {
        #expect(reasons(fragment, "Steps:") == ["tooShort", "danglingPunctuation"])
    }

    @Test func theMinimumIsConfigurable() {
        #expect(reasons(FragmentValidator(minimumWords: 2), "Swim now") == [])
        #expect(reasons(FragmentValidator(minimumWords: 5), "Pack the goggles tonight") == ["tooShort"])
    }

    @Test func pointersPickTheStrings() throws {
        let value = try output(#"{"title":"Swim day","body":"Pack the goggles tonight"}"#)
        let context = ValidationContext(schema: GenerationSchema(root: .any))
        #expect(summary(fragment.check(value, in: context)) == ["tooShort /title"])
        #expect(FragmentValidator(at: [pointer("/body")]).check(value, in: context).isEmpty)
    }
}
