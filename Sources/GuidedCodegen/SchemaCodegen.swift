import GuidedGrammar
import GuidedJSON
import GuidedSchema

/// One schema file to one generated Swift file: the type declared in the DSL, plus its grammar.
///
/// Every problem is a ``SchemaError`` located by file, line and column (the line and column of
/// the offending key or value, found with ``JSONSourceLocator`` when the problem is found after
/// parsing), so a build fails with `path:line:col: error: …`.
package enum SchemaCodegen {
    /// The type name a schema file declares: `StepSuggestions.schema.json` → `StepSuggestions`,
    /// `step-suggestions.schema.json` → `StepSuggestions`.
    package static func typeName(forFile path: String) -> String {
        var file = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".schema.json", ".json"] where file.hasSuffix(suffix) && file.count > suffix.count {
            file.removeLast(suffix.count)
            break
        }
        return SwiftNames.upperCamelCase(file)
    }

    /// The generated Swift source for the schema file at `path` (named in the source as
    /// `displayName`, the file's own name by default).
    package static func generate(file path: String, displayName: String? = nil) throws(SchemaError) -> String {
        guard let bytes = FileBytes.read(path) else {
            throw SchemaError(
                .unreadable, "cannot read the file", remedy: "check that the path exists and is a readable file",
                file: path, line: 1, column: 1)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let document = try JSONReader.parse(bytes: bytes, file: path, rejectingDuplicateKeys: true)
            let imported = try GenerationSchema.fromJSONSchema(document, options: JSONSchemaImportOptions(file: path))
            let declaration = try DeclarationBuilder(file: path).declaration(
                named: typeName(forFile: path), for: imported.schema)
            let grammar: String
            do {
                grammar = try GrammarCompiler.compile(declaration.declaredSchema).gbnf
            } catch {
                throw error.schemaError(file: path)
            }
            let name = displayName ?? (path.split(separator: "/").last.map(String.init) ?? path)
            return SwiftSourceRenderer.file(declaration, from: name, grammar: grammar)
        } catch let error as JSONSyntaxError {
            throw error.schemaError
        } catch let error as SchemaError {
            throw located(error, in: text, file: path)
        } catch {
            throw SchemaError(
                .invalidKeywordValue, "\(error)", remedy: "fix the schema", file: path, line: 1, column: 1)
        }
    }

    /// `error` with the line and column of its pointer in `text` (line 1, column 1 when the
    /// pointer cannot be found).
    package static func located(_ error: SchemaError, in text: String, file: String) -> SchemaError {
        var located = error
        located.file = error.file ?? file
        if located.line == nil {
            let place = JSONSourceLocator.location(of: error.pointer, in: text) ?? (1, 1)
            located.line = place.line
            located.column = place.column
        }
        return located
    }
}
