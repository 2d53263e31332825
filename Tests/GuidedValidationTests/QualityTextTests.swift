import GuidedSchema
import GuidedValidation
import Testing

/// The word lists behind the person-level checks, and the schema's string lists.
@Suite struct QualityTextTests {
    @Test(arguments: [
        "went", "Bought", "swam", "ran", "made", "took", "wrote", "signed", "tried", "used", "stayed", "was", "agreed",
        "fed",
    ])
    func pastFormsAreRecognized(_ word: String) {
        #expect(PastTenseVerbs.contains(word))
    }

    @Test(arguments: [
        "read", "put", "cut", "set", "need", "feed", "speed", "bed", "shed", "shred", "red", "embed", "hundred", "LED",
        "SAT", "swim", "book", "go",
    ])
    func presentFormsAndLookalikesAreNot(_ word: String) {
        #expect(!PastTenseVerbs.contains(word))
    }

    @Test func listsAreLowercaseWithoutApostrophes() {
        let lists: [String] =
            Array(EnglishPronouns.all) + Array(EnglishPronouns.timeWords) + GreetingPhrases.all
            + Array(PastTenseVerbs.irregularForms) + Array(AuxiliaryVerbs.all) + Array(PastTenseVerbs.nonPastEdWords)
            + Array(PromptLabels.defaults)
            + Array(EnglishFunctionWords.prepositions) + Array(EnglishFunctionWords.discouragedOpeners)
        #expect(lists.allSatisfy { $0 == $0.lowercased() && !$0.contains("'") && !$0.contains("\u{2019}") })
    }

    @Test func ambiguousPastFormsAreLeftOut() {
        #expect(
            PastTenseVerbs.irregularForms.isDisjoint(with: [
                "read", "put", "cut", "set", "let", "hit", "saw", "felt", "left", "lay",
            ]))
    }

    @Test func danglingPrepositionsAreAllPrepositions() {
        #expect(EnglishFunctionWords.danglingPrepositions.isSubset(of: EnglishFunctionWords.prepositions))
    }

    @Test func stringListPointersFindFreeTextArrays() {
        let schema = GenerationSchema(
            root: .object(
                ObjectConstraints([
                    .init("steps", .array(ArrayConstraints(items: .string()))),
                    .init("tags", .array(ArrayConstraints(items: SchemaNode(.choice(["swim", "run"]))))),
                    .init("plan", .reference("Plan")),
                    .init("grid", .array(ArrayConstraints(items: .array(ArrayConstraints(items: .string()))))),
                    .init("text", .string()),
                ])),
            definitions: [
                .init(
                    "Plan",
                    .object(
                        ObjectConstraints([
                            .init("tips", SchemaNode(.anyOf([.array(ArrayConstraints(items: .string())), .null]))),
                            .init("parent", SchemaNode(.anyOf([.reference("Plan"), .null])), required: false),
                        ])))
            ]
        )
        #expect(schema.stringListPointers.map(\.description) == ["/steps", "/plan/tips"])
        #expect(stepSuggestionsSchema.stringListPointers == [pointer("/steps")])
        #expect(rewrittenNotificationSchema.stringListPointers.isEmpty)
    }
}
