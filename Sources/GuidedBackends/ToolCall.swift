public import GuidedSchema

/// One call the model made to a tool while answering a request, with its result: what a
/// transcript shows of it (Foundation Models' `Transcript.ToolCall` and `ToolOutput`).
public struct ToolCall: Sendable, Hashable {
    /// What the tool gave back.
    public enum Result: Sendable, Hashable {
        /// Its output, as the model read it.
        case returned(String)
        /// It threw: the error's description, which the model read instead.
        case threw(String)
        /// It was still running at the request's deadline and was cancelled.
        case timedOut
    }

    /// The tool's name.
    public var toolName: String
    /// The arguments, as the model wrote them and the tool's schema admitted them.
    public var arguments: GeneratedContent
    /// What came back.
    public var result: Result

    /// A call of `toolName` with `arguments` that came to `result`.
    public init(toolName: String, arguments: GeneratedContent, result: Result) {
        self.toolName = toolName
        self.arguments = arguments
        self.result = result
    }

    /// The call as one of the request's facts: `day_of_week({"date":"2031-03-01"}) returned:
    /// Saturday`, on one line, so the answer is checked against it like any fact.
    public var fact: String {
        let said: String
        switch result {
        case .returned(let output): said = "returned: \(output)"
        case .threw(let error): said = "failed: \(error)"
        case .timedOut: said = "did not finish in time"
        }
        let line = "\(toolName)(\(arguments.jsonText())) \(said)"
        return line.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
