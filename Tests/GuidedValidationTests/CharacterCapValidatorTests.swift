import GuidedSchema
import GuidedValidation
import Testing

/// `CharacterCapValidator`: counts scalars, caps every string or those at pointers.
@Suite struct CharacterCapValidatorTests {
    let context = ValidationContext(schema: GenerationSchema(root: .any))
    let value: GeneratedContent = [
        "title": "Swim day!", "body": "Pack the goggles you bought", "steps": ["short", "a longer step"],
    ]

    @Test func capsEveryStringByDefault() {
        #expect(
            summary(CharacterCapValidator(maximum: 9).check(value, in: context)) == [
                "maxCharacters /body", "maxCharacters /steps/1",
            ])
        #expect(CharacterCapValidator(maximum: 27).check(value, in: context).isEmpty)
    }

    @Test func countsUnicodeScalars() {
        // "é" written as e + combining accent is one Character but two scalars.
        let decomposed = GeneratedContent("cafe\u{301}")
        #expect(CharacterCapValidator(maximum: 4).check(decomposed, in: context).count == 1)
        #expect(CharacterCapValidator(maximum: 5).check(decomposed, in: context).isEmpty)
    }

    @Test func aStringPointerCapsOnlyThatString() {
        #expect(
            summary(CharacterCapValidator(maximum: 9, at: [pointer("/body")]).check(value, in: context)) == [
                "maxCharacters /body"
            ])
        #expect(CharacterCapValidator(maximum: 9, at: [pointer("/title")]).check(value, in: context).isEmpty)
    }

    @Test func anArrayPointerCapsEachElement() {
        #expect(
            summary(CharacterCapValidator(maximum: 5, at: [pointer("/steps")]).check(value, in: context)) == [
                "maxCharacters /steps/1"
            ])
        #expect(
            summary(CharacterCapValidator(maximum: 5, at: [pointer("/steps/1")]).check(value, in: context)) == [
                "maxCharacters /steps/1"
            ])
    }

    @Test func overlappingAndMissingPointersAreHarmless() {
        let cap = CharacterCapValidator(
            maximum: 5, at: [pointer("/steps"), pointer("/steps/1"), pointer("/missing"), pointer("/steps/9")])
        #expect(summary(cap.check(value, in: context)) == ["maxCharacters /steps/1"])
    }

    @Test func detailNamesLengthAndCap() {
        let rejection = CharacterCapValidator(maximum: 9, at: [pointer("/body")]).check(value, in: context).first
        #expect(rejection?.validator == "characterCap")
        #expect(rejection?.detail == #"27 characters, at most 9 allowed: "Pack the goggles you bought""#)
    }
}
