public import GuidedSchema

/// A tool whose arguments follow a schema known only at run time (read from a file, built from
/// a plug-in's description): its arguments reach ``call(arguments:)`` as ``GeneratedContent``, already
/// checked against ``parameters``.
///
/// ```swift
/// let lookup = DynamicTool(
///     name: "lookup_contact", description: "A contact's phone number, by name",
///     parameters: try GenerationSchema.fromJSONSchema(document).schema
/// ) { arguments in directory[arguments["name"]?.stringValue ?? ""] ?? "no such contact" }
/// ```
public struct DynamicTool: Tool {
    public let name: String
    public let description: String
    public let parameters: GenerationSchema
    private let body: @Sendable (GeneratedContent) async throws -> String

    /// A tool called `name` that runs `call` with arguments satisfying `parameters` (an object
    /// schema).
    public init(
        name: String, description: String, parameters: GenerationSchema,
        call: @escaping @Sendable (GeneratedContent) async throws -> String
    ) {
        self.name = name
        self.description = description
        self.parameters = parameters
        self.body = call
    }

    public func call(arguments: GeneratedContent) async throws -> String { try await body(arguments) }
}
