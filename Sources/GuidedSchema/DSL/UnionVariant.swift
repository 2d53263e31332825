/// One case of a ``GenerableUnion``: its payload type and how to wrap and unwrap it.
public struct UnionVariant<Union>: Sendable {
    let schema: @Sendable (inout SchemaBuilder) -> SchemaNode
    let decode: @Sendable (GeneratedContent) throws -> Union
    let encode: @Sendable (Union) -> GeneratedContent?
    let fits: @Sendable (GeneratedContent) -> Bool
    let placeholder: @Sendable () -> Union

    /// The variant for one enum case, given as the case itself: `UnionVariant(link)` inside the
    /// enum, or `UnionVariant(Attachment.link)` outside it.
    ///
    /// The payload type comes from the case; the value is taken back out by matching the case's
    /// name, so two cases may carry the same payload type. The case must carry exactly one value.
    public init<Payload: SchemaRepresentable>(_ wrap: @escaping @Sendable (Payload) -> Union) {
        let caseName = UnionCaseReflection.caseName(of: wrap(Payload.placeholder))
        self.init(Payload.self, wrap) { value in
            UnionCaseReflection.payload(of: value, caseName: caseName, as: Payload.self)
        }
    }

    /// A variant carrying `payload`, wrapped by `wrap` and unwrapped by `unwrap` (which returns nil
    /// for a value of another case). ``init(_:)`` derives `unwrap` from the case; use this one when
    /// a case carries more than one value.
    public init<Payload: SchemaRepresentable>(
        _ payload: Payload.Type, _ wrap: @escaping @Sendable (Payload) -> Union,
        unwrap: @escaping @Sendable (Union) -> Payload?
    ) {
        self.schema = { Payload.schemaNode(in: &$0) }
        self.decode = { wrap(try GeneratedContentDecoder.decode(Payload.self, from: $0)) }
        self.encode = { unwrap($0).map { GeneratedContentEncoder.encode($0) } }
        self.fits = { Payload.generationSchema.validates($0) }
        self.placeholder = { wrap(Payload.placeholder) }
    }
}

/// Reads an enum value's case name and payload through `Mirror`, for ``UnionVariant/init(_:)``.
enum UnionCaseReflection {
    /// The name of the case `value` is, or nil when it carries no payload.
    static func caseName(of value: some Any) -> String? {
        Mirror(reflecting: value).children.first?.label
    }

    /// The payload of `value` when it is the case named `caseName` and carries a `Payload`.
    static func payload<Payload>(of value: some Any, caseName: String?, as: Payload.Type) -> Payload? {
        guard let child = Mirror(reflecting: value).children.first, child.label == caseName else { return nil }
        if let payload = child.value as? Payload { return payload }
        // A single labelled associated value (`case link(url: Link)`) reflects as a one-element tuple.
        let tuple = Mirror(reflecting: child.value)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
        return tuple.children.first?.value as? Payload
    }
}
