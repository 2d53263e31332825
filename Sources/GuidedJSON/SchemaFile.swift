public import GuidedSchema

/// Reading JSON Schema files and JSON instances from disk, with located errors.
public enum SchemaFile {
    /// Reads a JSON Schema file into the schema model; `strict` refuses keywords JSON Schema
    /// makes annotations (unknown keywords, extensions) instead of listing them as ignored.
    /// Throws a ``SchemaError`` naming the file and the JSON Pointer (or line:column for syntax errors).
    public static func load(_ path: String, allowUnsupported: Bool = false, strict: Bool = false) throws(SchemaError)
        -> ImportedSchema
    {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(of: path)
        } catch {
            throw SchemaError(.unreadable, error.message, remedy: error.remedy, file: path)
        }
        let document: GeneratedContent
        do {
            document = try JSONReader.parse(bytes: bytes, file: path, rejectingDuplicateKeys: true)
        } catch {
            throw error.schemaError
        }
        do {
            return try GenerationSchema.fromJSONSchema(
                document,
                options: JSONSchemaImportOptions(allowUnsupported: allowUnsupported, strict: strict, file: path))
        } catch {
            throw located(error, in: bytes)
        }
    }

    /// `error` with the line and column of its JSON Pointer in the file's text, when it has none.
    static func located(_ error: SchemaError, in bytes: [UInt8]) -> SchemaError {
        guard error.line == nil,
            let place = JSONSourceLocator.location(of: error.pointer, in: String(decoding: bytes, as: UTF8.self))
        else { return error }
        var located = error
        (located.line, located.column) = (place.line, place.column)
        return located
    }
}
