import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

/// The rejections a candidate already has while it is still being generated: its text so far
/// read as partial JSON, cleaned and checked like a finished output, keeping only rejections of
/// strings that are finished: every string but one the text ends inside (values are written in
/// order). So a near-duplicate item, a copied entry or a fragment is caught as soon as its
/// closing quote is generated, and nothing about a string, array or object still being written
/// (too few items, a string still growing) stops a candidate.
enum EarlyRejection {
    /// The rejections `partialText` already has under `checks`; empty when it may still pass
    /// (or is already whole: a whole output is judged as one).
    static func rejections(in partialText: String, checks: OutputChecks) -> [Rejection] {
        guard case .incomplete(let partial?) = PartialJSON.parse(partialText) else { return [] }
        let (cleaned, rejections) = checks.run(partial)
        guard !rejections.isEmpty else { return [] }
        let strings = stringPointers(in: cleaned)
        let finished = Set(endsInsideString(partialText) ? strings.dropLast() : strings[...])
        return rejections.filter { finished.contains($0.pointer) }
    }

    /// Whether `text` ends inside a JSON string (after an opening quote not yet closed).
    static func endsInsideString(_ text: String) -> Bool {
        var inside = false
        var escaped = false
        for character in text.unicodeScalars {
            if escaped {
                escaped = false
            } else if inside && character == "\\" {
                escaped = true
            } else if character == "\"" {
                inside.toggle()
            }
        }
        return inside
    }

    /// The check a backend runs while generating (see ``EarlyCheck``), answering with the first
    /// early rejection: of the checks, then of the step-sense check on the finished steps
    /// (``StepSense``), when the policy has it and the adapter writing the text has a floor.
    static func check(_ checks: OutputChecks) -> EarlyCheck {
        EarlyCheck(progress: { progress in rejections(in: progress, checks: checks).first?.description })
    }

    /// The rejections what a candidate has written so far already has: its text's under
    /// `checks`, then its finished steps' under the step-sense check.
    static func rejections(in progress: EarlyCheck.Progress, checks: OutputChecks) -> [Rejection] {
        let found = rejections(in: progress.text, checks: checks)
        return found.isEmpty ? stepSenseRejections(in: progress, checks: checks) : found
    }

    /// The step-sense rejections of the steps `progress` has finished.
    static func stepSenseRejections(in progress: EarlyCheck.Progress, checks: OutputChecks) -> [Rejection] {
        guard checks.candidates.checksStepSense, let floor = progress.calibration?.stepSenseFloor,
            !progress.tokens.isEmpty, case .incomplete(let partial?) = PartialJSON.parse(progress.text)
        else { return [] }
        return StepSense.rejections(
            in: partial, tokens: progress.tokens, schema: checks.context.schema, floor: floor,
            adapter: progress.adapter, skippingLast: endsInsideString(progress.text))
    }

    /// The pointers of every string value in `value`, in document order.
    static func stringPointers(in value: GeneratedContent, at pointer: JSONPointer = .root) -> [JSONPointer] {
        switch value.kind {
        case .string: [pointer]
        case .array(let items): items.enumerated().flatMap { stringPointers(in: $1, at: pointer.appending($0)) }
        case .object(let properties):
            properties.flatMap { stringPointers(in: $0.value, at: pointer.appending($0.name)) }
        default: []
        }
    }
}
