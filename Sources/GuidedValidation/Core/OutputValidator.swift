public import GuidedSchema

/// One check an output must pass before it ships.
///
/// A validator never throws and never stops early: it returns every rejection it finds, so a
/// caller can log them all or feed them back into a retry prompt.
public protocol OutputValidator: Sendable {
    /// A short stable name, used as ``Rejection/validator``, e.g. `"grounding"`.
    var name: String { get }
    /// Every way `output` fails this check in `context`; empty when it passes.
    func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection]
}
