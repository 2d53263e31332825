/// An enum whose cases each carry a different ``Generable`` type: a union (`anyOf` of object types).
///
/// Each variant is named by its case; the payload type and how to take it back out of the enum
/// are worked out from the case itself:
///
/// ```swift
/// enum Attachment: GenerableUnion {
///     case link(Link)
///     case note(Note)
///     static let variants = [UnionVariant(link), UnionVariant(note)]
/// }
/// ```
/// Decoding tries the variants in order and takes the first whose schema the content satisfies, so
/// list the most specific variant first when two payload schemas overlap. A union is shown once
/// one variant's value is whole (its ``SchemaRepresentable/PartiallyGenerated`` form is itself).
public protocol GenerableUnion: SchemaRepresentable where PartiallyGenerated == Self {
    /// The variants, in the order decoding tries them. The first one also gives the placeholder.
    static var variants: [UnionVariant<Self>] { get }
}

extension GenerableUnion {
    /// `anyOf` the variants' schemas, in order.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment {
        var branches: [SchemaNode] = []
        for variant in variants { branches.append(variant.schema(&builder)) }
        return SchemaFragment(SchemaNode(.anyOf(branches)))
    }

    /// The first variant wrapping its payload's placeholder.
    public static var placeholder: Self {
        variants[0].placeholder()
    }

    /// Decodes the first variant whose schema the content satisfies (the first variant when none
    /// does, so the decoding error names what is wrong with the content).
    public init(from decoder: any Decoder) throws {
        let content = try GeneratedContent(from: decoder)
        guard let variant = Self.variants.first(where: { $0.fits(content) }) ?? Self.variants.first else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(Self.self) declares no variants"))
        }
        self = try variant.decode(content)
    }

    /// Encodes the payload of whichever variant this value is.
    public func encode(to encoder: any Encoder) throws {
        for variant in Self.variants {
            if let content = variant.encode(self) {
                try content.encode(to: encoder)
                return
            }
        }
    }
}
