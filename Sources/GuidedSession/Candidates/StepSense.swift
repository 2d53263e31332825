import GuidedBackends
import GuidedSchema
import GuidedValidation

/// The step-sense check (`stepSense/unlikelyStep`): a step whose words the model that wrote them
/// found unlikely, on average, is rejected — the check's evidence is the generating adapter's own
/// token log-probabilities, so it costs no extra tokens.
///
/// Measured on the steps `next-steps` wrote for the quality corpus, labelled one at a time by
/// readers blind to the checks (`Benchmarks/Fixtures/quality/step-labels.jsonl`, `guided-bench
/// labels`): a step's mean log-probability separates the steps readers keep from the ones they
/// reject better than the other signals tried (the base model's likelihood of the step after the
/// facts, its hidden state read by a linear probe, agreement between candidates) — and still
/// weakly. At the floor chosen on the dev split (−2.0), on the held-out test split it catches 35%
/// of the steps readers reject at 90% precision, drops 9 of 45 steps they keep, and raises the
/// share of kept steps among those it lets through from 15.7% to 18.8%. The floor is calibrated
/// per adapter, because each adapter's log-probabilities have their own scale; a candidate
/// written without a calibrated adapter is not checked.
///
/// Which strings are steps: the items of the schema's lists of prose strings
/// (``GenerationSchema/stringListPointers``), the strings the person-level step checks read.
package enum StepSense {
    /// The calibrated floor per adapter name: a step whose tokens' mean log-probability is below
    /// it is rejected.
    package static let floors: [String: Double] = ["next-steps": -2.0]

    /// The floor for text the backend generated with `adapter`, or nil when it has none.
    package static func floor(for adapter: ModelAdapter?) -> Double? {
        adapter.flatMap { floors[$0.name] }
    }

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
