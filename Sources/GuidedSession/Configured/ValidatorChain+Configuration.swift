import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

extension ValidatorChain {
    /// This chain with a configuration's `validators` settings applied, in their order (see
    /// ``ValidatorSetting``): `false` removes every validator of the name, `true` keeps the
    /// chain's own or adds one with its defaults, parameters replace the chain's own with one
    /// built from them. Nested chains are flattened first, so a name is found wherever it sits.
    ///
    /// ```swift
    /// let chain = ValidatorChain([GroundingValidator(), RepetitionValidator()])
    /// chain.configured(by: [ValidatorSetting(name: "repetition", isEnabled: false)], schema: schema)
    /// // [GroundingValidator()]
    /// ```
    /// - Parameter schema: The output's schema: `personLevel` and `stepItem` take its string
    ///   lists as step items unless the setting names them.
    package func configured(by settings: [ValidatorSetting], schema: GenerationSchema?) -> ValidatorChain {
        var list = flattened
        for setting in settings {
            let names = setting.name == "personLevel" ? ValidatorChain.personLevelNames : [setting.name]
            let built = setting.isEnabled ? ConfiguredValidators.make(setting, schema: schema) : []
            if setting.isEnabled, setting.parameters.isEmpty {
                let present = Set(list.map(\.name))
                list.append(contentsOf: built.filter { !present.contains($0.name) })
                continue
            }
            let position = list.firstIndex { names.contains($0.name) }.map { first in
                list[..<first].filter { !names.contains($0.name) }.count
            }
            list.removeAll { names.contains($0.name) }
            list.insert(contentsOf: built, at: position ?? list.count)
        }
        return ValidatorChain(list)
    }

    /// The validators with every nested chain replaced by its own validators.
    var flattened: [any OutputValidator] {
        validators.flatMap { ($0 as? ValidatorChain)?.flattened ?? [$0] }
    }
}

/// Builds validators from configuration settings: each starts from the validator's own
/// defaults and takes the parameters the setting gives.
enum ConfiguredValidators {
    /// The validators `setting` names (several for `personLevel`, none for a `stepItem` check
    /// on a schema without string lists).
    static func make(_ setting: ValidatorSetting, schema: GenerationSchema?) -> [any OutputValidator] {
        let at = setting.pointers("at")
        let stepItems = setting.pointers("stepItems") ?? schema?.stringListPointers ?? []
        switch setting.name {
        case "personLevel":
            return ValidatorChain.personLevel(stepItems: stepItems, lengthCap: setting.integer("lengthCap"), at: at)
                .validators
        case "promptResidue":
            var validator = PromptResidueValidator(at: at)
            if let labels = setting.flag("usesPromptLabels") { validator.usesPromptLabels = labels }
            return [validator]
        case "fragment":
            var validator = FragmentValidator(at: at)
            if let words = setting.integer("minimumWords") { validator.minimumWords = words }
            return [validator]
        case "repetition":
            var validator = RepetitionValidator(at: at)
            if let uses = setting.integer("maximumWordUses") { validator.maximumWordUses = uses }
            return [validator]
        case "cutAtCap":
            var validator = CutAtCapValidator(maximum: setting.integer("maximum"), at: at)
            if let tolerance = setting.integer("tolerance") { validator.tolerance = tolerance }
            return [validator]
        case "wordSalad":
            return [WordSaladValidator(at: at)]
        case "nearDuplicate":
            var validator = NearDuplicateValidator(at: at)
            if let jaccard = setting.number("minimumJaccard") { validator.minimumJaccard = jaccard }
            if let stems = setting.integer("minimumContainedStems") { validator.minimumContainedStems = stems }
            return [validator]
        case "grammar":
            return [GrammarValidator(at: at)]
        case "stepItem":
            let pointers = at ?? stepItems
            guard !pointers.isEmpty else { return [] }
            var validator = StepItemValidator(at: pointers)
            if let overlap = setting.number("minimumEntryOverlap") { validator.minimumEntryOverlap = overlap }
            return [validator]
        case "blockedPhrase":
            let own = setting.texts("phrases") ?? []
            let builtIn = (setting.flag("outwardVoice") ?? true) ? BlockedPhraseValidator.outwardVoice : []
            var validator = BlockedPhraseValidator(phrases: builtIn + own)
            if setting.text("matching") == "wholeWord" { validator.matching = .wholeWord }
            if let exempts = setting.flag("exemptsGroundedPhrases") { validator.exemptsGroundedPhrases = exempts }
            return [validator]
        case "characterCap":
            return setting.integer("maximum").map { [CharacterCapValidator(maximum: $0, at: at)] } ?? []
        case "grounding":
            var validator = GroundingValidator(at: at)
            if let words = setting.integer("minimumSharedWords") { validator.minimumSharedWords = words }
            return [validator]
        case "minimumContent":
            var validator = MinimumContentValidator(at: at)
            if let words = setting.integer("minimumWords") { validator.minimumWords = words }
            if let distinct = setting.flag("distinctItems") { validator.distinctItems = distinct }
            return [validator]
        case "copiedFact":
            var validator = CopiedFactValidator(at: at)
            if let words = setting.integer("minimumWords") { validator.minimumWords = words }
            return [validator]
        case "changedFact":
            return [ChangedFactValidator(at: at, rejectsNewWords: setting.flag("newWords") ?? true)]
        case "exampleLeak":
            return [ExampleLeakValidator(at: at)]
        case "readerVoice":
            return [ReaderVoiceValidator(at: at)]
        case "restatedQuotation":
            return [RestatedQuotationValidator(at: at)]
        case "scaffoldingEcho":
            var validator = ScaffoldingEchoValidator()
            if let slots = setting.flag("detectsTemplateSlots") { validator.detectsTemplateSlots = slots }
            if let length = setting.integer("minimumEchoLength") { validator.minimumEchoLength = length }
            return [validator]
        default:
            return []
        }
    }
}
