import GuidedSchema

extension GenerationSchema {
    /// The shortest `maxLength` that makes a string prose: a sentence or a step, not a name, a
    /// label or a tag.
    package static let proseMinimumMaxLength = 40

    /// Pointers to the strings a reader reads as prose, reached from the root through object
    /// properties (and `$ref` and combinators), in declaration order: a free-text string whose
    /// `maxLength` is at least ``proseMinimumMaxLength``, or an array of such strings. `/text` and
    /// `/steps` for the canonical types; nothing for `{"name": string}` or a list of tags.
    /// The default person-level checks (``ValidatorChain/personLevel(stepItems:lengthCap:at:)``)
    /// read only these, so a short label is never rejected as a fragment.
    package var proseStringPointers: [JSONPointer] {
        stringPointers(
            matching: { node in
                guard case .string(let constraints) = node.kind, node.isFreeText else { return false }
                return (constraints.maxLength ?? 0) >= Self.proseMinimumMaxLength
            }, includingSingleStrings: true)
    }
}
