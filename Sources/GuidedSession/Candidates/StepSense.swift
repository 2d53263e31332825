import GuidedBackends
import GuidedSchema
import GuidedValidation

/// The step-sense check (`stepSense/unlikelyStep`): a step whose words the model that wrote them
/// found unlikely, on average, is rejected — the check's evidence is the generating adapter's own
/// token log-probabilities, so it costs no extra tokens.
///
/// Calibrated per adapter, because each adapter's log-probabilities have their own scale: the
/// floor is data, in the adapter's metadata beside its weights (`stepSenseFloor`, read into
/// ``AdapterCalibration``), chosen on the dev split of reader labels of that adapter's steps and
/// measured on the held-out test split (docs/quality.md, `guided-bench labels`). A candidate
/// written without an adapter, or with one that has no floor, is not checked.
///
/// Which strings are steps: the items of the schema's lists of prose strings
/// (``GenerationSchema/stringListPointers``), the strings the person-level step checks read.
package enum StepSense {
    /// One rejection per step of `content` whose tokens' mean log-probability in `tokens` is
    /// below `floor`. With `skippingLast`, `content` is a candidate still being written whose text
    /// ends inside its last string, which is left alone.
    package static func rejections(
        in content: GeneratedContent, tokens: [TokenLogProbability], schema: GenerationSchema, floor: Double,
        adapter: ModelAdapter?, skippingLast: Bool = false
    ) -> [Rejection] {
        let steps = Set(schema.stringListPointers.filter(Set(schema.proseStringPointers).contains))
        guard !steps.isEmpty else { return [] }
        let items = StringValueTokens.itemLogProbabilities(of: tokens)
        var pointers = EarlyRejection.stringPointers(in: content)
        if skippingLast { pointers = Array(pointers.dropLast()) }
        return pointers.enumerated().compactMap { ordinal, pointer -> Rejection? in
            guard steps.contains(where: { pointer.tokens.starts(with: $0.tokens) }), ordinal < items.count,
                !items[ordinal].isEmpty
            else { return nil }
            let mean = items[ordinal].reduce(0, +) / Double(items[ordinal].count)
            guard mean < floor else { return nil }
            let rounded = (mean * 100).rounded() / 100
            return Rejection(
                validator: "stepSense", reason: "unlikelyStep", pointer: pointer,
                detail:
                    "the model gave this step's words a mean log-probability of \(rounded), below \(floor), "
                    + "the floor calibrated for \(adapter?.name ?? "its adapter") on steps readers kept and rejected")
        }
    }
}
