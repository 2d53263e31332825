import GuidedSchema
import GuidedValidation
import Testing

// The code of GuidedValidation's documentation articles
// (Sources/GuidedValidation/GuidedValidation.docc), compiled and run here so an article cannot
// drift from the API; ArticleCodeTests (in GuidedSchemaTests) fails when a `swift` block of an
// article is not found in a file under Tests/.

struct Steps: Generable {
    @Guide(description: "Three next steps", .count(3), .element(.maximumLength(80)))
    var steps: [String] = []
}

/// Rejects steps that end with an exclamation mark: the app's copy never shouts.
struct NoShoutingValidator: OutputValidator {
    var name: String { "noShouting" }

    func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let steps = output["steps"]?.arrayValue ?? []
        return steps.enumerated().compactMap { index, step in
            guard let text = step.stringValue, text.hasSuffix("!") else { return nil }
            return Rejection(
                validator: name, reason: "exclamation", pointer: JSONPointer("/steps/\(index)")!,
                detail: "ends with \"!\": \(text)")
        }
    }
}

@Suite struct ValidatorsArticleTests {
    @Test func chainRejectsWhatThePersonWouldReject() {
        let chain = ValidatorChain([
            SchemaValidator(),
            GroundingValidator(),
            BlockedPhraseValidator(),
            MinimumContentValidator(),
        ])
        let context = ValidationContext(
            grounding: ["Goal: learn to swim", "Journal: floated on my back for a minute"],
            schema: Steps.generationSchema)
        let output: GeneratedContent = [
            "steps": ["Float on your back for two minutes", "Unlock your swimming potential", "Swim"]
        ]
        for rejection in chain.run(output, in: context) {
            print(rejection) // grounding.ungroundedNumber at /steps/0: the number "two" is not in …
        }
        let reasons = chain.run(output, in: context).map { "\($0.validator).\($0.reason) at \($0.pointer)" }
        #expect(reasons.contains("grounding.ungroundedNumber at /steps/0"))
        #expect(reasons.contains("blockedPhrase.blockedPhrase at /steps/1"))
        #expect(reasons.contains("minimumContent.tooFewWords at /steps/2"))
    }

    @Test func personLevelChecksAndCleanups() {
        let checks = ValidatorChain.personLevel(stepItems: [JSONPointer("/steps")!])
        let cleanup: OutputCleanup = [.stripListBullets, .trim, .dropDuplicateItems]
        let raw: GeneratedContent = ["steps": ["1. Step 1: float", " - Kick with a board ", "kick with a board"]]
        let cleaned = cleanup.apply(raw)
        let context = ValidationContext(grounding: ["Goal: learn to swim"], schema: Steps.generationSchema)
        for rejection in checks.run(cleaned, in: context) {
            print(rejection) // e.g. "promptResidue.promptLabel at /steps/0: …"
        }
        #expect(cleaned == ["steps": ["Step 1: float", "Kick with a board"]])
        #expect(
            checks.run(cleaned, in: context).map(\.description).contains {
                $0.hasPrefix("promptResidue.promptLabel at /steps/0")
            })
    }

    @Test func aValidatorOfYourOwn() {
        let chain = ValidatorChain([MinimumContentValidator()]).appending(NoShoutingValidator())
        let context = ValidationContext(schema: Steps.generationSchema)
        let output: GeneratedContent = ["steps": ["Book a lesson", "Buy goggles today!", "Practise floating"]]
        let rejections = chain.run(output, in: context)
        #expect(
            rejections.map(\.description) == [#"noShouting.exclamation at /steps/1: ends with "!": Buy goggles today!"#]
        )
    }

    @Test func groundedVocabulary() {
        let vocabulary = GroundedVocabulary(grounding: ["Swam 4 lengths on Sunday"])
        #expect(vocabulary.specifics.contains("4") && vocabulary.specifics.contains("Sunday"))
        #expect(vocabulary.forbiddenWords.contains("five"))
    }
}
