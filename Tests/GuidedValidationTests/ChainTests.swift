import GuidedSchema
import GuidedValidation
import Testing

/// A validator that always objects once, to observe ordering.
struct Objector: OutputValidator {
    let name: String
    func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        [Rejection(validator: name, reason: "test", pointer: .root, detail: "objects")]
    }
}

/// `ValidatorChain` ordering and composition, `SchemaValidator`, and `Rejection` text.
@Suite struct ValidatorChainTests {
    let context = ValidationContext(schema: stepsSchema)

    @Test func runsValidatorsInOrderAndKeepsEveryRejection() {
        let chain = ValidatorChain([Objector(name: "a"), Objector(name: "b")]).appending(Objector(name: "c"))
        #expect(chain.run(.null, in: context).map(\.validator) == ["a", "b", "c"])
    }

    @Test func appendingLeavesTheOriginalAlone() {
        let chain = ValidatorChain([Objector(name: "a")])
        _ = chain.appending(Objector(name: "b"))
        #expect(chain.validators.count == 1)
    }

    @Test func chainsNest() {
        let inner = ValidatorChain([Objector(name: "b"), Objector(name: "c")])
        let outer = ValidatorChain([Objector(name: "a"), inner, Objector(name: "d")])
        #expect(outer.run(.null, in: context).map(\.validator) == ["a", "b", "c", "d"])
    }

    @Test func anEmptyChainPassesEverything() {
        #expect(ValidatorChain([]).run(.null, in: context).isEmpty)
    }

    @Test func rejectionsComeGroupedByValidatorInChainOrder() throws {
        let garbage = try output(#"{"steps":[",",","]}"#)
        let context = ValidationContext(grounding: [swimGrounding], schema: stepsSchema)
        let chain = ValidatorChain([GroundingValidator(), SchemaValidator(), MinimumContentValidator()])
        #expect(
            summary(chain.run(garbage, in: context)) == [
                "noSharedWords /steps/0", "noSharedWords /steps/1",
                "schema /steps",
                "tooFewWords /steps/0", "tooFewWords /steps/1", "duplicateItem /steps/1",
            ])
    }

    @Test func schemaRejectionsCarryTheViolation() throws {
        let value = try output(#"{"steps":["Pack the goggles", 3]}"#)
        let rejections = SchemaValidator().check(value, in: context)
        #expect(summary(rejections) == ["schema /steps", "schema /steps/1"])
        #expect(rejections.map(\.validator) == ["schema", "schema"])
        #expect(rejections[0].detail == #"minItems: expected at least 3 items, got ["Pack the goggles",3] (2)"#)
        #expect(rejections[1].description == "schema.schema at /steps/1: type: expected a string, got 3")
    }

    @Test func validatorNamesAreStable() {
        let names = [
            SchemaValidator().name, CharacterCapValidator(maximum: 1).name, ScaffoldingEchoValidator().name,
            BlockedPhraseValidator(phrases: []).name, GroundingValidator().name, MinimumContentValidator().name,
        ]
        #expect(names == ["schema", "characterCap", "scaffoldingEcho", "blockedPhrase", "grounding", "minimumContent"])
    }
}
