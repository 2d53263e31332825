/// Reads the worked examples a schema document carries at its root:
///
/// - `examples`, JSON Schema's own keyword: outputs alone. JSON Schema says they *should*
///   validate; one that does not is left out and listed as ignored, so a real-world schema with a
///   stale example still imports. Its input is the request's own prompt.
/// - `x-guided-examples`, Guided's form for examples that carry their own input and facts:
///   `[{"input": "Suggest three next steps.", "facts": ["Goal: get better at chess", …],
///   "output": {…}}]`. `output` is required; `input` and `facts` are optional; any other key, or
///   an output that breaks the schema, is a located error.
enum JSONSchemaExamples {
    /// Guided's keyword for examples with their own input and facts.
    static let keyword = "x-guided-examples"

    /// The examples of `document`, checked against `schema` (read from the same document).
    static func read(_ document: GeneratedContent, against schema: GenerationSchema, importer: inout JSONSchemaImporter)
        throws(SchemaError) -> [Example<GeneratedContent>]
    {
        var examples: [Example<GeneratedContent>] = []
        if let plain = document["examples"] {
            let pointer = JSONPointer(tokens: ["examples"])
            guard let elements = plain.arrayValue else {
                throw importer.invalid(
                    "examples must be an array of example values", at: pointer,
                    remedy: "write \"examples\": [{…}, {…}]")
            }
            for (index, element) in elements.enumerated() {
                let example = Example<GeneratedContent>("", output: element)
                if let problem = ExampleCheck.problems(of: [example], against: schema, in: "the schema").first {
                    importer.ignored.append(
                        .init(
                            pointer.appending(index), "examples", .ignored,
                            "the example does not fit the schema, so it is not shown to the model (\(problem.message))")
                    )
                } else {
                    examples.append(example)
                }
            }
        }
        if let guided = document[keyword] {
            examples += try Example.list(from: guided, at: JSONPointer(tokens: [keyword]), checkedAgainst: schema)
        }
        return examples
    }
}
