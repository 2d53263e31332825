import CanonicalSchemas
import Guided
import Testing

/// How a configuration's `validators` settings change the chain the code registered.
@Suite struct ConfiguredValidatorChainTests {
    static let schema = StepSuggestions.generationSchema

    static func names(_ chain: ValidatorChain) -> [String] { chain.validators.map(\.name) }

    @Test func falseRemovesEveryValidatorOfTheNameEvenInsideNestedChains() {
        let code = ValidatorChain([
            GroundingValidator(), ValidatorChain([RepetitionValidator(), GroundingValidator()]),
        ])
        let configured = code.configured(
            by: [ValidatorSetting(name: "grounding", isEnabled: false)], schema: Self.schema)
        #expect(Self.names(configured) == ["repetition"])
    }

    @Test func trueKeepsTheCodesValidatorWithItsParametersOrAddsOne() throws {
        let code = ValidatorChain([RepetitionValidator(maximumWordUses: 5)])
        let kept = code.configured(by: [ValidatorSetting(name: "repetition", isEnabled: true)], schema: Self.schema)
        #expect((kept.validators.first as? RepetitionValidator)?.maximumWordUses == 5)
        let added = code.configured(by: [ValidatorSetting(name: "grounding", isEnabled: true)], schema: Self.schema)
        #expect(Self.names(added) == ["repetition", "grounding"])
    }

    @Test func parametersReplaceTheCodesValidatorInPlace() throws {
        let code = ValidatorChain([
            GroundingValidator(), RepetitionValidator(maximumWordUses: 5), MinimumContentValidator(),
        ])
        let setting = ValidatorSetting(name: "repetition", isEnabled: true, parameters: ["maximumWordUses": 3])
        let configured = code.configured(by: [setting], schema: Self.schema)
        #expect(Self.names(configured) == ["grounding", "repetition", "minimumContent"])
        #expect((configured.validators[1] as? RepetitionValidator)?.maximumWordUses == 3)
    }

    @Test func personLevelSwitchesTheWholeSetAndItsMembersCanComeBack() {
        let code = ValidatorChain(
            [GroundingValidator()] + ValidatorChain.personLevel(stepItems: Self.schema.stringListPointers).validators)
        let off = code.configured(by: [ValidatorSetting(name: "personLevel", isEnabled: false)], schema: Self.schema)
        #expect(Self.names(off) == ["grounding"])
        let oneBack = code.configured(
            by: [
                ValidatorSetting(name: "personLevel", isEnabled: false),
                ValidatorSetting(name: "fragment", isEnabled: true),
            ],
            schema: Self.schema)
        #expect(Self.names(oneBack) == ["grounding", "fragment"])
        let on = ValidatorChain([]).configured(
            by: [ValidatorSetting(name: "personLevel", isEnabled: true)], schema: Self.schema)
        #expect(Set(Self.names(on)) == ValidatorChain.personLevelNames, "stepItem too: the schema has a string list")
    }

    @Test func blockedPhrasesAddToTheOutwardVoiceUnlessItIsTurnedOff() {
        let withList = ValidatorChain([]).configured(
            by: [
                ValidatorSetting(
                    name: "blockedPhrase", isEnabled: true,
                    parameters: ["phrases": ["crush it"], "matching": "wholeWord"])
            ],
            schema: Self.schema)
        let validator = withList.validators.first as? BlockedPhraseValidator
        #expect(validator?.phrases.contains("crush it") == true)
        #expect(validator?.phrases.contains("unlock") == true)
        #expect(validator?.matching == .wholeWord)
        let own = ValidatorChain([]).configured(
            by: [
                ValidatorSetting(
                    name: "blockedPhrase", isEnabled: true,
                    parameters: ["phrases": ["crush it"], "outwardVoice": false])
            ],
            schema: Self.schema)
        #expect((own.validators.first as? BlockedPhraseValidator)?.phrases == ["crush it"])
    }

    @Test func everyCatalogNameBuildsValidatorsOfThatName() {
        for name in ValidatorSetting.catalog.keys.sorted() {
            let parameters: [String: GeneratedContent] = name == "characterCap" ? ["maximum": 100] : [:]
            let built = ValidatorChain([]).configured(
                by: [ValidatorSetting(name: name, isEnabled: true, parameters: parameters)], schema: Self.schema)
            let expected = name == "personLevel" ? ValidatorChain.personLevelNames : [name]
            #expect(!built.validators.isEmpty, "\(name) built nothing")
            #expect(Set(Self.names(built)) == expected, "\(name)")
        }
    }
}
