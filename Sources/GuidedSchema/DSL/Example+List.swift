extension Example where Output == GeneratedContent {
    /// Reads a list of examples in Guided's written form — the form of a schema file's
    /// `x-guided-examples`, a configuration's `outputs.<Type>.examples` and an examples file:
    ///
    /// ```json
    /// [{"input": "Suggest three next steps.",
    ///   "facts": ["Goal: get better at chess", "Journal: Solved some puzzles before bed."],
    ///   "output": {"steps": ["Solve a few puzzles every evening", "…", "…"]}}]
    /// ```
    /// `output` is required; `input` (empty: the request's own prompt is shown) and `facts` are
    /// optional; no other key is allowed.
    /// - Parameters:
    ///   - value: The JSON array.
    ///   - pointer: Where `value` sits in its document, for errors.
    ///   - schema: When given, each output must satisfy it.
    /// - Throws: A ``SchemaError`` at the JSON Pointer of the first problem (a wrong shape, an
    ///   unknown key, an output that breaks `schema`); its caller adds the file and line.
    public static func list(
        from value: GeneratedContent, at pointer: JSONPointer, checkedAgainst schema: GenerationSchema?
    )
        throws(SchemaError) -> [Example<GeneratedContent>]
    {
        let shape = "write [{\"input\": \"…\", \"facts\": [\"…\"], \"output\": {…}}]"
        guard let elements = value.arrayValue else {
            throw SchemaError(.invalidKeywordValue, "examples must be an array of examples", remedy: shape, at: pointer)
        }
        var examples: [Example<GeneratedContent>] = []
        for (index, element) in elements.enumerated() {
            let at = pointer.appending(index)
            guard let fields = element.properties else {
                throw SchemaError(
                    .invalidKeywordValue, "an example must be an object with input, facts and output", remedy: shape,
                    at: at)
            }
            if let unknown = fields.first(where: { !["input", "facts", "output"].contains($0.name) }) {
                throw SchemaError(
                    .invalidKeywordValue, "an example has the unknown key \"\(unknown.name)\"",
                    remedy: "use only input, facts and output", at: at.appending(unknown.name))
            }
            guard let output = element["output"] else {
                throw SchemaError(
                    .invalidKeywordValue, "an example has no output", remedy: "add \"output\": the value to show",
                    at: at)
            }
            var input = ""
            if let given = element["input"] {
                guard let text = given.stringValue else {
                    throw SchemaError(
                        .invalidKeywordValue, "an example's input must be a string", remedy: "write \"input\": \"…\"",
                        at: at.appending("input"))
                }
                input = text
            }
            var facts: [String] = []
            if let given = element["facts"] {
                guard let list = given.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    throw SchemaError(
                        .invalidKeywordValue, "an example's facts must be an array of strings",
                        remedy: "write \"facts\": [\"Goal: …\", \"Journal: …\"]", at: at.appending("facts"))
                }
                facts = list.compactMap(\.stringValue)
            }
            examples.append(Example(input, grounding: facts, output: output))
        }
        if let schema,
            let problem = ExampleCheck.problems(of: examples, against: schema, in: "the list", base: pointer).first
        {
            throw problem
        }
        return examples
    }
}
