/// A ``Generable`` value as far as a model has generated it: every property is `nil` until the
/// model has begun writing it, then holds what is there so far — the text of a string being
/// written, the elements of an array so far, nested values partial in turn.
///
/// This is `Output.PartiallyGenerated`, the type streamed snapshots carry, as in Apple's
/// Foundation Models, but without a macro: properties are read through the output type's own
/// key paths, so a UI binds to the same names it declared.
///
/// ```swift
/// struct Plan: Generable {
///     @Guide(description: "A title") var title: String = ""
///     @Guide(description: "The steps", .count(3)) var steps: [Step] = []
/// }
/// struct Step: Generable { var text: String = "" }
///
/// for try await snapshot in session.streamResponse(to: prompt, generating: Plan.self) {
///     if case .partial(let partial) = snapshot, let plan = partial.content {
///         titleLabel.text = plan.title ?? "…"              // String?
///         rows = (plan.steps ?? []).map { $0.text ?? "" }  // [Step.PartiallyGenerated]?
///     }
/// }
/// ```
///
/// A property is `nil` until its key appears in the output; a number appears once its digits
/// end, a choice or union once it is whole. Properties that are not stored properties of the
/// type (computed ones) are always `nil`.
@dynamicMemberLookup
public struct PartiallyGenerated<Output: Generable>: Sendable {
    /// The output so far as content: an object with the properties begun so far (open strings,
    /// arrays and objects closed), as `PartialJSON` reads it.
    public let content: GeneratedContent

    /// A partial value from content, or nil when `content` is not an object.
    public init?(_ content: GeneratedContent) {
        guard content.properties != nil else { return nil }
        self.content = content
    }

    /// The property at `keyPath` as generated so far, or nil if the model has not begun it.
    public subscript<Value: SchemaRepresentable>(dynamicMember keyPath: KeyPath<Output, Value>) -> Value
        .PartiallyGenerated?
    {
        guard let name = PropertyNames.name(of: keyPath), let value = content[name] else { return nil }
        return Value.partiallyGenerated(from: value)
    }

    /// Whether the model has begun the property at `keyPath` (including an explicit `null`).
    public func contains<Value>(_ keyPath: KeyPath<Output, Value>) -> Bool {
        PropertyNames.name(of: keyPath).map { content[$0] != nil } ?? false
    }

    /// The whole value, if what was generated so far already decodes into one (every required
    /// property present and well-typed); else nil.
    public var completed: Output? { try? Output(content) }
}

extension Generable {
    /// The partial value for object content.
    public static func partiallyGenerated(from content: GeneratedContent) -> GuidedSchema.PartiallyGenerated<Self>? {
        GuidedSchema.PartiallyGenerated(content)
    }
}
