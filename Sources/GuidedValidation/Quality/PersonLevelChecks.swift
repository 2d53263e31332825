public import GuidedSchema

extension ValidatorChain {
    /// The checks a person would make on a model's prose, in one chain: the default set for
    /// every free-text string.
    ///
    /// Runs, in order: `PromptResidueValidator`, `FragmentValidator`,
    /// `RepetitionValidator`, `CutAtCapValidator`, `WordSaladValidator`,
    /// `NearDuplicateValidator` (every array, or the arrays at `pointers`), `GrammarValidator`,
    /// and — when
    /// `stepItems` is not empty — `StepItemValidator` at `stepItems`. Each uses its
    /// defaults; build the chain yourself to tune one.
    ///
    /// ```swift
    /// let checks = ValidatorChain.personLevel(stepItems: [JSONPointer("/steps")!])
    /// let rejections = checks.run(output, in: context)   // e.g. promptResidue.promptLabel at /steps/0
    /// // or, with the schema's own string lists as steps:
    /// let auto = ValidatorChain.personLevel(stepItems: schema.stringListPointers)
    /// ```
    ///
    /// - Parameters:
    ///   - stepItems: step-like strings (an array's pointer means each item), checked for
    ///     pronoun, greeting and past-tense openers and copied entries.
    ///   - lengthCap: the cap `CutAtCapValidator` uses for strings whose schema has no
    ///     `maxLength` (e.g. a ``CharacterCapValidator`` maximum); nil for none.
    ///   - pointers: the strings (and, for near-duplicates, arrays) checked; nil for every
    ///     free-text string — every string whose schema is not an `enum`, `const`, `format` or
    ///     `pattern` — and every array.
    /// - Returns: the chain; its rejections carry the names in `personLevelNames`.
    public static func personLevel(
        stepItems: [JSONPointer] = [], lengthCap: Int? = nil, at pointers: [JSONPointer]? = nil
    ) -> ValidatorChain {
        var validators: [any OutputValidator] = [
            PromptResidueValidator(at: pointers),
            FragmentValidator(at: pointers),
            RepetitionValidator(at: pointers),
            CutAtCapValidator(maximum: lengthCap, at: pointers),
            WordSaladValidator(at: pointers),
            NearDuplicateValidator(at: pointers),
            GrammarValidator(at: pointers),
        ]
        if !stepItems.isEmpty { validators.append(StepItemValidator(at: stepItems)) }
        return ValidatorChain(validators)
    }

    /// The ``OutputValidator/name`` of every person-level check, so a caller can tell their
    /// rejections from the schema's or grounding's: `promptResidue`, `fragment`,
    /// `repetition`, `cutAtCap`, `wordSalad`, `nearDuplicate`, `grammar`, `stepItem`.
    package static let personLevelNames: Set<String> = [
        "promptResidue", "fragment", "repetition", "cutAtCap", "wordSalad", "nearDuplicate", "grammar", "stepItem",
    ]
}
