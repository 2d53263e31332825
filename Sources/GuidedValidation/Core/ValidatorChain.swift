public import GuidedSchema

/// An ordered, composable set of validators.
///
/// ``run(_:in:)`` runs every validator in order and returns every rejection, grouped by
/// validator in chain order. A chain is itself an ``OutputValidator``, so chains nest.
public struct ValidatorChain: OutputValidator {
    /// The validators, in the order they run.
    public var validators: [any OutputValidator]

    /// Creates a chain that runs `validators` in order.
    public init(_ validators: [any OutputValidator]) {
        self.validators = validators
    }

    /// `"chain"`; rejections keep the name of the validator that raised them.
    public var name: String { "chain" }

    /// Every rejection from every validator, in chain order.
    public func run(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        validators.flatMap { $0.check(output, in: context) }
    }

    /// The same as ``run(_:in:)``.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        run(output, in: context)
    }

    /// A chain that runs this chain's validators, then `validator`.
    public func appending(_ validator: any OutputValidator) -> ValidatorChain {
        ValidatorChain(validators + [validator])
    }
}
