/// Options for reading a JSON Schema document.
public struct JSONSchemaImportOptions: Sendable {
    /// Accept keywords Guided can neither enforce nor check, reporting each as a warning instead
    /// of failing. Off by default. (Every keyword of the drafts Guided reads is now checked or,
    /// as JSON Schema says for unknown keywords, ignored as an annotation: nothing is left for it.)
    public var allowUnsupported: Bool
    /// Refuse keywords that are not keywords of the schema's draft (unknown keywords, `x-`
    /// extensions, other drafts' keywords, unknown formats) instead of listing them as ignored
    /// annotations. Off by default, as JSON Schema says: unknown keywords are annotations.
    public var strict: Bool
    /// Whether `format` is an assertion (the default: Guided checks the formats it knows). JSON
    /// Schema 2020-12 makes formats annotations unless asked; pass `false` for that behaviour.
    package var formatAssertion: Bool
    /// The file the document came from, used in error locations.
    public var file: String?
    /// The document's own URI, against which relative `$id`s and `$ref`s resolve (default
    /// ``JSONSchemaImportOptions/defaultBaseURI``).
    package var baseURI: String?
    /// The draft a document without `$schema` is read as; nil reads it as draft 2020-12 while
    /// also understanding the older drafts' spellings where 2020-12 gives them no meaning.
    public var assumedDraft: JSONSchemaDraft?
    /// Other documents `$ref` and `$schema` may name, by absolute URI without fragment; nil when
    /// unknown. Called at most once per URI. Without it, references stay inside the document.
    package var retrieve: (@Sendable (String) -> GeneratedContent?)?

    /// The base URI of a document that names none.
    package static let defaultBaseURI = "https://schema.guided.invalid/root.json"

    /// Options for ``GenerationSchema/fromJSONSchema(_:options:)``; the defaults read a document
    /// as JSON Schema says, with formats asserted and references kept inside the document.
    public init(
        allowUnsupported: Bool = false, strict: Bool = false, formatAssertion: Bool = true, file: String? = nil,
        baseURI: String? = nil, assumedDraft: JSONSchemaDraft? = nil,
        retrieve: (@Sendable (String) -> GeneratedContent?)? = nil
    ) {
        self.assumedDraft = assumedDraft
        self.allowUnsupported = allowUnsupported
        self.strict = strict
        self.formatAssertion = formatAssertion
        self.file = file
        self.baseURI = baseURI
        self.retrieve = retrieve
    }
}

/// The JSON Schema drafts Guided reads.
public enum JSONSchemaDraft: String, Sendable, Hashable, CaseIterable {
    /// Draft 4 (`http://json-schema.org/draft-04/schema#`).
    case draft4 = "draft-04"
    /// Draft 6 (`http://json-schema.org/draft-06/schema#`): adds `const`, `contains`, `propertyNames`.
    case draft6 = "draft-06"
    /// Draft 7 (`http://json-schema.org/draft-07/schema#`): adds `if`/`then`/`else`.
    case draft7 = "draft-07"
    /// Draft 2019-09 (`https://json-schema.org/draft/2019-09/schema`): `$defs`, `unevaluated*`, `$recursiveRef`.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case draft2019_09 = "2019-09"
    /// Draft 2020-12, the draft Guided writes.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case draft2020_12 = "2020-12"

    var dialect: SchemaDialect {
        switch self {
        case .draft4: .draft4
        case .draft6: .draft6
        case .draft7: .draft7
        case .draft2019_09: .draft2019
        case .draft2020_12: .draft2020
        }
    }
}

/// A schema read from a JSON Schema document, with what the reading left out.
public struct ImportedSchema: Sendable {
    /// The document as Guided's schema model, ready to validate with or compile into a grammar.
    public var schema: GenerationSchema
    /// Keywords accepted but neither enforced nor checked, each located (only when
    /// ``JSONSchemaImportOptions/allowUnsupported`` is on; the current reader checks every keyword).
    public var warnings: [SchemaError]
    /// Keywords JSON Schema makes annotations (unknown keywords, extensions, other drafts'
    /// keywords, unknown formats), each located, with disposition `LoweringReport.Disposition.ignored`.
    package var ignored: [LoweringReport.Entry]
}

extension GenerationSchema {
    /// Reads a JSON Schema (drafts 4, 6, 7, 2019-09 and 2020-12, recognised by `$schema`) into
    /// the schema model. Unknown keywords are annotations, listed in `ImportedSchema.ignored`
    /// (refused with ``JSONSchemaImportOptions/strict``). Throws a located ``SchemaError`` for
    /// anything malformed, or a reference that leads nowhere or only back to itself.
    public static func fromJSONSchema(
        _ document: GeneratedContent, options: JSONSchemaImportOptions = JSONSchemaImportOptions()
    ) throws(SchemaError) -> ImportedSchema {
        var importer = JSONSchemaImporter(document: document, options: options)
        do {
            let schema = try importer.run()
            return ImportedSchema(schema: schema, warnings: importer.warnings, ignored: importer.ignored)
        } catch {
            throw options.file.map { error.inFile($0) } ?? error
        }
    }
}
