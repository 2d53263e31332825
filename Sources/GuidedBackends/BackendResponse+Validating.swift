public import GuidedSchema

extension OutputValidation {
    /// Parses `text` with Guided's own JSON reader (`PartialJSON`, read whole: no json-c) and
    /// validates it against the full schema; with no schema, `text` is the content.
    /// - Throws: ``BackendError/Code/invalidOutput`` when the text is not one whole JSON value
    ///   or breaks the schema, with every violation.
    public static func content(from text: String, schema: GenerationSchema?, backend: String) throws(BackendError)
        -> GeneratedContent
    {
        try content(from: text, schema: schema, backend: backend, parse: WholeJSON.parse)
    }
}

extension BackendResponse {
    /// The response a whole output `text` of `request` amounts to, checked as every backend's
    /// is (``OutputValidation/content(from:schema:backend:)``): for a backend whose model says no
    /// more than its text (no token counts, no speed).
    ///
    /// ```swift
    /// func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
    ///     try BackendResponse(validating: try await model.complete(request.prompt), for: request, backend: name)
    /// }
    /// ```
    /// - Parameters:
    ///   - text: The model's whole output.
    ///   - request: The request it answers; its schema, if any, is what `text` must meet.
    ///   - backend: The backend's configured name, for the response and any error.
    ///   - stopReason: Why generation stopped (default: the model ended it).
    ///   - milliseconds: How long the generation took, if the backend measured it.
    /// - Throws: ``BackendError/Code/invalidOutput`` when `text` is not JSON or breaks the schema.
    public init(
        validating text: String, for request: BackendRequest, backend: String,
        stopReason: StopReason = .endOfSequence, milliseconds: Double = 0
    ) throws(BackendError) {
        let content = try OutputValidation.content(from: text, schema: request.schema, backend: backend)
        self.init(
            backend: backend, content: content, text: text, tokensGenerated: nil, promptTokens: nil,
            stopReason: stopReason, milliseconds: milliseconds, tokensPerSecond: nil)
    }
}

/// A whole JSON text read by `PartialJSON`, which reads every valid text of JSONTestSuite and
/// never takes an invalid one for complete.
enum WholeJSON {
    /// Why a text is not one whole JSON value.
    struct NotJSON: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ text: String) throws(NotJSON) -> GeneratedContent {
        switch PartialJSON.parse(text) {
        case .complete(let value): return value
        case .incomplete: throw NotJSON(description: "the text ends before its JSON value does")
        case .invalid(let offset): throw NotJSON(description: "unexpected character at offset \(offset)")
        }
    }
}
