import GuidedSchema
import GuidedValidation
import Testing

/// `CutAtCapValidator`: strings that fill their schema cap without finishing.
@Suite struct CutAtCapValidatorTests {
    let cut = CutAtCapValidator()

    func steps(_ items: [String]) -> GeneratedContent {
        ["steps": GeneratedContent(elements: items.map { GeneratedContent($0) })]
    }

    func check(_ validator: CutAtCapValidator, _ value: GeneratedContent, _ schema: GenerationSchema) -> [String] {
        summary(validator.check(value, in: ValidationContext(schema: schema)))
    }

    @Test func theMeasuredMidWordCutIsCaught() {
        let cutStep = String(
            "Practise floating on your back in the shallow end while a friend stands close by and watches you swim"
                .prefix(100))
        #expect(cutStep.count == 100 && cutStep.hasSuffix("you swi"))
        let rejections = cut.check(
            steps([cutStep, "Pack the goggles", "Swim a lap"]), in: ValidationContext(schema: stepSuggestionsSchema))
        #expect(summary(rejections) == ["cutAtCap /steps/0"])
        #expect(
            rejections[0].detail
                == #"100 characters at a cap of 100, with no final punctuation: "…nds close by and watches you swi""#)
    }

    @Test func withinOneCharacterOfTheCapCounts() {
        let ninetyNine = String(repeating: "swim ", count: 20).prefix(99)
        let ninetyEight = String(repeating: "swim ", count: 20).prefix(98)
        #expect(
            check(cut, steps([String(ninetyNine), String(ninetyEight), "x"]), stepSuggestionsSchema) == [
                "cutAtCap /steps/0"
            ])
        #expect(
            check(CutAtCapValidator(tolerance: 2), steps([String(ninetyEight)]), stepSuggestionsSchema) == [
                "cutAtCap /steps/0"
            ])
    }

    @Test func finalPunctuationMeansFinished() {
        let body = String(repeating: "a", count: 99)
        for ending in [".", "!", "?", "…"] {
            #expect(check(cut, steps([body + ending]), stepSuggestionsSchema) == [], "\(ending)")
        }
        #expect(
            check(cut, steps([String(body.dropLast()) + "?\""]), stepSuggestionsSchema) == [],
            "a closing quote after the stop")
        #expect(check(cut, steps([String(body.dropLast()) + ".)"]), stepSuggestionsSchema) == [])
        #expect(check(cut, steps([body + ","]), stepSuggestionsSchema) == ["cutAtCap /steps/0"])
    }

    @Test func shorterAndLongerStringsAreNotCut() {
        #expect(check(cut, steps(["Pack the goggles"]), stepSuggestionsSchema) == [])
        #expect(
            check(cut, steps([String(repeating: "a", count: 101)]), stepSuggestionsSchema) == [],
            "over the cap is the schema's rejection")
    }

    @Test func anExplicitCapAppliesOnlyWhereTheSchemaHasNone() {
        let forty = String(repeating: "b", count: 40)
        #expect(
            check(CutAtCapValidator(maximum: 40), GeneratedContent(forty), GenerationSchema(root: .any)) == [
                "cutAtCap "
            ])
        #expect(check(cut, GeneratedContent(forty), GenerationSchema(root: .any)) == [], "no cap anywhere")
        #expect(
            check(CutAtCapValidator(maximum: 40), steps([forty]), stepSuggestionsSchema) == [], "the schema's 100 wins")
    }

    @Test func theCapIsFoundThroughReferencesAndCombinators() throws {
        let schema = GenerationSchema(
            root: .object(
                ObjectConstraints([
                    .init("note", .reference("Note")),
                    .init(
                        "pair",
                        .array(
                            ArrayConstraints(
                                items: .string(StringConstraints(maxLength: 30)),
                                prefixItems: [.string(StringConstraints(maxLength: 10))]))),
                ])),
            definitions: [.init("Note", SchemaNode(.anyOf([.string(StringConstraints(maxLength: 20)), .null])))]
        )
        let value = try output(#"{"note":"abcdefghij klmnopqrs","pair":["abcde fghi","abcde fghi"]}"#)
        #expect(check(cut, value, schema) == ["cutAtCap /note", "cutAtCap /pair/0"])
    }

    @Test func enumAndFormatStringsAreNotProse() throws {
        let schema = GenerationSchema(
            root: .object(
                ObjectConstraints([
                    .init("day", .string(StringConstraints(maxLength: 10, format: .date))),
                    .init("code", .string(StringConstraints(maxLength: 4, pattern: "^[A-Z]+$"))),
                ])))
        let value = try output(#"{"day":"2025-03-01","code":"ABCD"}"#)
        #expect(check(cut, value, schema) == [])
        #expect(check(CutAtCapValidator(at: [pointer("/code")]), value, schema) == ["cutAtCap /code"])
    }
}
