/// Reads `x-guided-adapter`, Guided's keyword for the adapter a schema's outputs are served
/// with where a backend has it (``ModelAdapter``): `"x-guided-adapter": "house-style"`. A value
/// that is not a valid adapter name is a located error.
enum JSONSchemaAdapter {
    /// Guided's keyword for the schema's adapter.
    static let keyword = "x-guided-adapter"

    /// The adapter `document` names at its root, or nil when it names none.
    static func read(_ document: GeneratedContent, importer: JSONSchemaImporter) throws(SchemaError) -> ModelAdapter? {
        guard let value = document[keyword] else { return nil }
        guard let name = value.stringValue else {
            throw importer.invalid(
                "\(keyword) must be a string naming an adapter", at: JSONPointer(tokens: [keyword]),
                remedy: "write \"\(keyword)\": \"house-style\"")
        }
        if let problem = problem(with: ModelAdapter(name), at: JSONPointer(tokens: [keyword])) { throw problem }
        return ModelAdapter(name)
    }

    /// The error a badly named `adapter` is, at `pointer`; nil for a good name.
    static func problem(with adapter: ModelAdapter, at pointer: JSONPointer, in place: String? = nil) -> SchemaError? {
        guard !ModelAdapter.isValidName(adapter.name) else { return nil }
        return SchemaError(
            .invalidKeywordValue,
            "\(place.map { "\($0)'s " } ?? "")adapter name \"\(adapter.name)\" is not a valid adapter name",
            remedy: "name it with lowercase letters, digits and hyphens, starting with a letter, e.g. house-style",
            at: pointer)
    }
}
