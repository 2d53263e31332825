import GuidedBackends
import GuidedSchema

/// The question the model answers before it answers the request: which tool to call, with
/// which arguments, or none. Its schema is the union of `{"tool": "none"}` and, per tool,
/// `{"tool": NAME, "arguments": …}` with the tool's own parameters, so a grammar backend can
/// only write a declared tool's name with arguments its schema admits, and every backend's
/// output is checked against it.
struct ToolChoice: Sendable {
    /// The word for "no tool".
    static let none = "none"

    /// What the model chose.
    enum Decision: Sendable, Hashable {
        /// No tool: answer now.
        case answer
        /// Call the tool of this name with these arguments.
        case call(String, GeneratedContent)
    }

    /// The schema of the choice, when ``required`` (no `none` branch) or not.
    let schema: GenerationSchema
    /// The instructions that list the tools and say how to call one.
    let instructions: String

    /// The choice among `tools` (checked by ``problem(in:)``), under the session's
    /// `instructions`; `required`: a tool must be called.
    init(tools: [any Tool], instructions: String?, required: Bool) throws(SchemaError) {
        var branches: [GeneratedContent] = []
        if !required {
            branches.append([
                "type": "object", "properties": ["tool": ["const": GeneratedContent(Self.none)]],
                "required": ["tool"], "additionalProperties": false,
            ])
        }
        for tool in tools {
            branches.append([
                "type": "object",
                "properties": [
                    "tool": ["const": GeneratedContent(tool.name)],
                    "arguments": tool.parameters.jsonSchema(includeDialect: false),
                ],
                "required": ["tool", "arguments"], "additionalProperties": false,
            ])
        }
        schema = try GenerationSchema.fromJSONSchema(
            GeneratedContent(properties: [("anyOf", GeneratedContent(elements: branches))])
        ).schema
        let listed = tools.map { tool in
            "- \(tool.name): \(tool.description) Arguments: \(tool.parameters.jsonSchema(includeDialect: false).jsonText())"
        }
        let how =
            required
            ? "You must call one of them: write {\"tool\": \"<name>\", \"arguments\": {…}}."
            : "Call a tool only when the request asks for something that tool gives and the facts do not"
                + " hold it yet (a call's result is one of the facts): write {\"tool\": \"<name>\", \"arguments\":"
                + " {…}}. Otherwise write {\"tool\": \"none\"}."
        self.instructions = [
            instructions,
            "Before you answer, you may call a tool to look up what the request needs. The tools:\n"
                + listed.joined(separator: "\n") + "\n" + how,
        ].compactMap { $0 }.joined(separator: "\n\n")
    }

    /// What `content` (checked against ``schema``) chose.
    static func decision(_ content: GeneratedContent) -> Decision {
        guard let name = content["tool"]?.stringValue, name != none, let arguments = content["arguments"] else {
            return .answer
        }
        return .call(name, arguments)
    }

    /// Why `tools` cannot be offered to a model, if they cannot: a name that is not a plain
    /// identifier, used twice or `none`; parameters that are not an object or refer to
    /// definitions.
    static func problem(in tools: [any Tool]) -> String? {
        var seen: Set<String> = []
        for tool in tools {
            let name = tool.name
            let plain =
                (1...64).contains(name.count) && name.first.map { $0.isLetter || $0 == "_" } == true
                && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            guard plain, name != none else {
                return "the tool name \"\(name)\" is not allowed: use letters, digits, _ and -, starting with a"
                    + " letter or _, at most 64 characters, and not \"none\""
            }
            guard seen.insert(name).inserted else { return "two tools are named \"\(name)\"" }
            guard case .object = tool.parameters.root.kind else {
                return "the parameters of the tool \"\(name)\" are not an object schema"
            }
            guard tool.parameters.definitions.isEmpty else {
                return "the parameters of the tool \"\(name)\" refer to definitions ($defs): flatten them"
            }
        }
        return nil
    }
}
