public import GuidedSchema

/// A function of the app the model may call to look something up before it answers, as in
/// Foundation Models — without macros: the arguments are a ``Generable`` type (or, for a
/// ``DynamicTool``, ``GeneratedContent`` checked against a runtime schema).
///
/// The model never supplies a fact itself: it asks for one, the app's code fetches it, and the
/// result reaches the answer as one of the request's facts, so the grounding checks hold the
/// answer to it like to any fact the app gives. The model's call is generated under the
/// grammar of the tool's ``parameters``, and checked against them before ``call(arguments:)``
/// runs: arguments that break the schema never reach the app.
///
/// ```swift
/// struct DayOfWeek: Tool {
///     struct Arguments: Generable {
///         @Guide(description: "A date, YYYY-MM-DD", .pattern("^\\d{4}-\\d{2}-\\d{2}$")) var date = ""
///     }
///     let name = "day_of_week"
///     let description = "The weekday of a date"
///     func call(arguments: Arguments) async throws -> String { try weekday(of: arguments.date) }
/// }
/// let session = LanguageModelSession(tools: [DayOfWeek()], configuration: try .load())
/// ```
public protocol Tool<Arguments, Output>: Sendable {
    /// What the model passes: a ``Generable`` type, or ``GeneratedContent`` for a runtime schema.
    associatedtype Arguments: Sendable
    /// What the tool returns: text, or content shown as JSON.
    associatedtype Output: PromptRepresentable

    /// The name the model calls it by: letters, digits, `_` and `-`, starting with a letter or
    /// `_`, at most 64 characters, unique among the session's tools.
    var name: String { get }
    /// What it does and when to call it, in words the model reads.
    var description: String { get }
    /// The schema of ``Arguments``: an object. The default for a ``Generable`` type is its own.
    var parameters: GenerationSchema { get }

    /// The arguments `content` (already checked against ``parameters``) amounts to.
    func arguments(from content: GeneratedContent) throws -> Arguments
    /// Runs the tool. A throw is reported to the model as the call's result (it may try again or
    /// answer without), never to the caller of `respond`.
    func call(arguments: Arguments) async throws -> Output
}

extension Tool where Arguments: Generable {
    public var parameters: GenerationSchema { Arguments.generationSchema }

    public func arguments(from content: GeneratedContent) throws -> Arguments { try Arguments(content) }
}

extension Tool where Arguments == GeneratedContent {
    public func arguments(from content: GeneratedContent) throws -> GeneratedContent { content }
}

/// A value a tool returns, as the model reads it (Foundation Models' `PromptRepresentable`).
public protocol PromptRepresentable: Sendable {
    /// The value as text for the model.
    var promptRepresentation: String { get }
}

extension String: PromptRepresentable {
    public var promptRepresentation: String { self }
}

extension GeneratedContent: PromptRepresentable {
    public var promptRepresentation: String { stringValue ?? jsonText() }
}
