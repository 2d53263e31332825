/// A `String`-backed enum whose cases are the choices a model may pick (`enum` in JSON Schema).
///
/// ```swift
/// enum Priority: String, GenerableChoice { case low, normal, urgent }
/// ```
public protocol GenerableChoice: SchemaRepresentable, CaseIterable, RawRepresentable where RawValue == String {}

extension GenerableChoice {
    /// One of the cases' raw values, in declaration order.
    public static func schemaNode(in builder: inout SchemaBuilder) -> SchemaNode {
        SchemaNode(.choice(allCases.map { GeneratedContent($0.rawValue) }))
    }

    /// The first case.
    public static var placeholder: Self { allCases.first! }
}

/// An enum whose cases each carry a different ``Generable`` type: a union (`anyOf` of object types).
///
/// ```swift
/// enum Attachment: GenerableUnion {
///     case link(Link), note(Note)
///     static let variants: [UnionVariant<Attachment>] = [
///         UnionVariant(Link.self, Attachment.link) { if case .link(let v) = $0 { v } else { nil } },
///         UnionVariant(Note.self, Attachment.note) { if case .note(let v) = $0 { v } else { nil } },
///     ]
/// }
/// ```
/// Decoding tries the variants in order and takes the first whose schema the content satisfies.
public protocol GenerableUnion: SchemaRepresentable {
    /// The variants, in the order they are tried.
    static var variants: [UnionVariant<Self>] { get }
}

/// One case of a ``GenerableUnion``: its payload type and how to wrap and unwrap it.
public struct UnionVariant<Union>: Sendable {
    let schema: @Sendable (inout SchemaBuilder) -> SchemaNode
    let decode: @Sendable (GeneratedContent) throws -> Union
    let encode: @Sendable (Union) -> GeneratedContent?
    let fits: @Sendable (GeneratedContent) -> Bool
    let placeholder: @Sendable () -> Union

    /// A variant carrying `payload`, wrapped by `wrap` and unwrapped by `unwrap`.
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

extension GenerableUnion {
    /// `anyOf` the variants' schemas.
    public static func schemaNode(in builder: inout SchemaBuilder) -> SchemaNode {
        var branches: [SchemaNode] = []
        for variant in variants { branches.append(variant.schema(&builder)) }
        return SchemaNode(.anyOf(branches))
    }

    /// The first variant's placeholder.
    public static var placeholder: Self {
        variants[0].placeholder()
    }

    /// Decodes the first variant whose schema the content satisfies.
    public init(from decoder: any Decoder) throws {
        let content = try GeneratedContent(from: decoder)
        guard let variant = Self.variants.first(where: { $0.fits(content) }) ?? Self.variants.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no variant fits"))
        }
        self = try variant.decode(content)
    }

    /// Encodes the payload of whichever variant this is.
    public func encode(to encoder: any Encoder) throws {
        for variant in Self.variants {
            if let content = variant.encode(self) {
                try content.encode(to: encoder)
                return
            }
        }
    }
}
