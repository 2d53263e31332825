public import GuidedSchema

/// A machine-readable rejection: which validator objected, why, and where.
public struct Rejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The validator's ``OutputValidator/name``, e.g. `"grounding"`.
    public var validator: String
    /// A stable, machine-readable code, e.g. `"ungroundedNumber"`, `"maxCharacters"`,
    /// `"scaffoldingEcho"`, `"blockedPhrase"`, `"noSharedWords"`, `"tooFewWords"`,
    /// `"duplicateItem"`, `"schema"`.
    public var reason: String
    /// Where in the output, e.g. `/steps/2`.
    public var pointer: JSONPointer
    /// Human text with a short excerpt of the offending value.
    public var detail: String

    /// A rejection by the validator named `validator` (its ``OutputValidator/name``) for `reason`,
    /// a stable camelCase code, at `pointer` in the output; `detail` is for people, with a short
    /// excerpt of the offending value.
    public init(validator: String, reason: String, pointer: JSONPointer, detail: String) {
        self.validator = validator
        self.reason = reason
        self.pointer = pointer
        self.detail = detail
    }

    /// `validator.reason at /pointer: detail` — one line.
    public var description: String {
        "\(validator).\(reason) at \(pointer.description.isEmpty ? "/" : pointer.description): \(detail)"
    }
}
