/// A Swift type with a generation schema: the building block of the DSL.
///
/// `String`, the integer and floating-point types, `Bool`, `Array`, `Optional`, every
/// ``Generable`` struct, ``GenerableChoice`` enum and ``GenerableUnion`` enum conform.
public protocol SchemaRepresentable: Codable, Sendable {
    /// This type's piece of a schema; nested generable types register definitions in `builder`.
    /// Guided writes it for every type that can conform (the standard types, ``Generable``,
    /// ``GenerableChoice`` and ``GenerableUnion``): a ``SchemaFragment`` is opaque outside Guided.
    static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment
    /// A value used before decoding fills a property in (the empty string, zero, `[]`, `nil`, …).
    static var placeholder: Self { get }
    /// Whether the type is `Optional`, which makes a property optional.
    static var isOptional: Bool { get }
    /// How a value of this type looks while a model is still writing it: ``PartiallyGenerated``
    /// for ``Generable`` structs, the elements so far for arrays, the text so far for strings,
    /// and the type itself (once whole) for numbers, choices and unions.
    associatedtype PartiallyGenerated: Sendable = Self
    /// The partial form of `content`, or nil when nothing of this type can be read from it yet.
    static func partiallyGenerated(from content: GeneratedContent) -> PartiallyGenerated?
}

extension SchemaRepresentable where PartiallyGenerated == Self {
    /// The value once `content` decodes into it whole.
    public static func partiallyGenerated(from content: GeneratedContent) -> Self? {
        try? GeneratedContentDecoder.decode(Self.self, from: content)
    }
}

/// One type's piece of a generation schema: what ``SchemaRepresentable/schemaFragment(in:)``
/// returns. Opaque outside Guided, which builds it for every type that conforms.
public struct SchemaFragment: Sendable {
    /// The schema node the piece amounts to.
    package var node: SchemaNode

    /// The piece `node` amounts to.
    package init(_ node: SchemaNode) { self.node = node }
}

extension SchemaRepresentable {
    /// The schema node for this type (its fragment's node).
    package static func schemaNode(in builder: inout SchemaBuilder) -> SchemaNode {
        schemaFragment(in: &builder).node
    }
}

extension SchemaRepresentable {
    /// Not optional, unless the type says so.
    public static var isOptional: Bool { false }

    /// This type's schema on its own, with any definitions it needs; built once per type and
    /// cached. A property the schema cannot represent is left out here and reported by
    /// ``checkDeclaration()``.
    public static var generationSchema: GenerationSchema { DeclaredSchemas.entry(for: Self.self).schema }
}

/// Collects named definitions while a schema is built from Swift types, and detects recursion
/// so that a type that contains itself (a tree of nodes) becomes a `$defs` entry and a `$ref`.
public struct SchemaBuilder: Sendable {
    /// Definitions registered so far, in registration order.
    package private(set) var definitions: [GenerationSchema.Definition] = []
    /// Declarations the schema could not represent so far (see
    /// ``SchemaRepresentable/checkDeclaration()``), in the order met.
    package private(set) var problems: [SchemaError] = []
    private var inProgress: Set<String> = []
    private var recursive: Set<String> = []

    /// A builder with no definitions and no problems yet; pass it `inout` to
    /// ``SchemaRepresentable/schemaFragment(in:)``.
    public init() {}

    /// Records a declaration the schema cannot represent.
    public mutating func report(_ problem: SchemaError) { problems.append(problem) }

    /// The node for a named composite type: a reference when the type is being built already
    /// (recursion) or is defined already; otherwise `build()`'s node, registered as a definition
    /// when it turned out to be recursive.
    package mutating func composite(named name: String, build: (inout SchemaBuilder) -> SchemaNode) -> SchemaNode {
        if definitions.contains(where: { $0.name == name }) { return .reference(name) }
        if inProgress.contains(name) {
            recursive.insert(name)
            return .reference(name)
        }
        inProgress.insert(name)
        let node = build(&self)
        inProgress.remove(name)
        guard recursive.contains(name) else { return node }
        definitions.append(.init(name, node))
        return .reference(name)
    }
}

extension String: SchemaRepresentable {
    /// Any string, of any length; a ``Guide`` adds lengths, a pattern or a format.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment { SchemaFragment(.string()) }
    /// `""`, until decoding fills the property in.
    public static var placeholder: String { "" }
}

extension Bool: SchemaRepresentable {
    /// `true` or `false` (JSON Schema `"type": "boolean"`).
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment { SchemaFragment(.boolean) }
    /// `false`.
    public static var placeholder: Bool { false }
}

extension Int: SchemaRepresentable {
    /// An integer within `Int`'s range.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment { SchemaFragment(.integer()) }
    /// `0`, until decoding fills the property in.
    public static var placeholder: Int { 0 }
}

extension Double: SchemaRepresentable {
    /// Any JSON number, integral or not; a ``Guide`` adds bounds.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment { SchemaFragment(.number()) }
    /// `0`, until decoding fills the property in.
    public static var placeholder: Double { 0 }
}

extension Float: SchemaRepresentable {
    /// Any JSON number, integral or not (decoded to the nearest `Float`); a ``Guide`` adds bounds.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment { SchemaFragment(.number()) }
    /// `0`, until decoding fills the property in.
    public static var placeholder: Float { 0 }
}

extension Array: SchemaRepresentable where Element: SchemaRepresentable {
    /// An array of the element's schema.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment {
        SchemaFragment(.array(ArrayConstraints(items: Element.schemaNode(in: &builder))))
    }
    /// The empty array.
    public static var placeholder: [Element] { [] }
}

extension Optional: SchemaRepresentable where Wrapped: SchemaRepresentable {
    /// The wrapped type's schema or `null`.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment {
        SchemaFragment(Wrapped.schemaNode(in: &builder).nullable)
    }
    /// `nil`.
    public static var placeholder: Wrapped? { nil }
    /// Optional properties may be left out.
    public static var isOptional: Bool { true }
}
