import GuidedSchema

/// Reading a file of worked examples (`guided generate --examples FILE`, a configuration's
/// `"examples": {"file": …}`): a JSON array in Guided's written form
/// (``Example/list(from:at:checkedAgainst:)``).
package enum ExamplesFile {
    /// The examples in the file at `path`, each output checked against `schema` when given.
    /// - Throws: A ``SchemaError`` naming the file and where: the line and column for malformed
    ///   JSON, the JSON Pointer and its line and column for an example of the wrong shape or one
    ///   that breaks `schema`.
    public static func load(_ path: String, checkedAgainst schema: GenerationSchema?) throws(SchemaError)
        -> [Example<GeneratedContent>]
    {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(of: path)
        } catch {
            throw SchemaError(.unreadable, error.message, remedy: error.remedy, file: path)
        }
        let value: GeneratedContent
        do {
            value = try JSONReader.parse(bytes: bytes, file: path, rejectingDuplicateKeys: true)
        } catch {
            throw error.schemaError
        }
        do {
            return try Example.list(from: value, at: .root, checkedAgainst: schema)
        } catch {
            throw SchemaFile.located(error.inFile(path), in: bytes)
        }
    }
}
