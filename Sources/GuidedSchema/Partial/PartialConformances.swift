// How each DSL type looks while a model is still writing it (``SchemaRepresentable/PartiallyGenerated``).

extension String {
    /// The text so far.
    public static func partiallyGenerated(from content: GeneratedContent) -> String? { content.stringValue }
}

extension Bool {
    /// The value, once written.
    public static func partiallyGenerated(from content: GeneratedContent) -> Bool? { content.boolValue }
}

extension Int {
    /// The number, once its digits end.
    public static func partiallyGenerated(from content: GeneratedContent) -> Int? { content.intValue }
}

extension Double {
    /// The number, once its digits end.
    public static func partiallyGenerated(from content: GeneratedContent) -> Double? { content.doubleValue }
}

extension Float {
    /// The number, once its digits end.
    public static func partiallyGenerated(from content: GeneratedContent) -> Float? {
        content.doubleValue.map(Float.init)
    }
}

extension Array where Element: SchemaRepresentable {
    /// The elements so far, each partial in turn (the last one may still be being written).
    public typealias PartiallyGenerated = [Element.PartiallyGenerated]

    /// The elements so far.
    public static func partiallyGenerated(from content: GeneratedContent) -> [Element.PartiallyGenerated]? {
        content.arrayValue?.compactMap { Element.partiallyGenerated(from: $0) }
    }
}

extension Optional where Wrapped: SchemaRepresentable {
    /// The wrapped type's partial form; a `null` reads as not generated.
    public typealias PartiallyGenerated = Wrapped.PartiallyGenerated

    /// The wrapped value so far, or nil for `null`.
    public static func partiallyGenerated(from content: GeneratedContent) -> Wrapped.PartiallyGenerated? {
        content.isNull ? nil : Wrapped.partiallyGenerated(from: content)
    }
}

extension GenerableChoice {
    /// The case, once its raw value is complete.
    public static func partiallyGenerated(from content: GeneratedContent) -> Self? {
        content.stringValue.flatMap(Self.init(rawValue:))
    }
}
