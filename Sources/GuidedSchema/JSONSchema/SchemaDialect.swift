/// The JSON Schema drafts Guided reads, recognised by `$schema`.
///
/// A document without `$schema` is read as draft 2020-12, with the older drafts' spellings
/// (`items` as an array, `additionalItems`, `dependencies`, boolean `exclusiveMinimum`,
/// `id: "#name"`) read in their old meaning where 2020-12 gives them none; each such reading is
/// listed in the lowering report.
enum SchemaDialect: Int, Comparable, Sendable, CustomStringConvertible {
    case draft4, draft6, draft7, draft2019, draft2020

    static func < (lhs: SchemaDialect, rhs: SchemaDialect) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The dialect a `$schema` URI names, if it is one of the published meta-schemas.
    init?(metaSchema uri: String) {
        var text = uri
        if text.hasSuffix("#") { text.removeLast() }
        for prefix in ["http://", "https://"] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        switch text {
        case "json-schema.org/draft-04/schema": self = .draft4
        case "json-schema.org/draft-06/schema": self = .draft6
        case "json-schema.org/draft-07/schema": self = .draft7
        case "json-schema.org/draft/2019-09/schema": self = .draft2019
        case "json-schema.org/draft/2020-12/schema": self = .draft2020
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .draft4: "draft-04"
        case .draft6: "draft-06"
        case .draft7: "draft-07"
        case .draft2019: "draft 2019-09"
        case .draft2020: "draft 2020-12"
        }
    }

    /// The keyword that names a schema resource (`id` in draft-04).
    var identifierKeyword: String { self == .draft4 ? "id" : "$id" }

    /// Whether `$ref` makes its sibling keywords ignored (drafts 4 to 7).
    var referenceOverridesSiblings: Bool { self <= .draft7 }
}

/// How one schema resource is read: its draft, and what its meta-schema's vocabularies turn on.
struct DialectReading: Sendable, Equatable {
    /// The draft.
    var dialect: SchemaDialect
    /// Whether the document said which (else 2020-12 with the older drafts' spellings understood).
    var declared: Bool
    /// Whether the validation vocabulary is in use (a custom meta-schema may leave it out).
    var validation = true
    /// Whether formats assert: nil follows the import options; a meta-schema declaring the
    /// format-assertion vocabulary turns it on.
    var formatAssertion: Bool?

    static let undeclared = DialectReading(dialect: .draft2020, declared: false)

    /// Whether `keyword` means something in this reading, and if not, why it is ignored.
    func ignoredReason(_ keyword: String) -> String? {
        guard let range = JSONSchemaKeywords.drafts[keyword] else {
            return "unknown keyword: an annotation, not checked"
        }
        if !declared { return nil }
        if dialect < range.lowerBound || dialect > range.upperBound {
            return "\"\(keyword)\" is not a \(dialect) keyword: an annotation, not checked"
        }
        if !validation, JSONSchemaKeywords.validationVocabulary.contains(keyword) {
            return "the meta-schema leaves out the validation vocabulary: an annotation, not checked"
        }
        return nil
    }
}
