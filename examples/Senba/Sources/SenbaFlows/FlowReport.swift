public import Guided

/// What a flow produced, for people (``readable``) and programs (``json``): the value, where it
/// came from (`model`, `fallback` or `none`), why, and every attempt.
public struct FlowReport: Sendable {
    /// Where the value came from.
    public enum Source: String, Sendable {
        /// A model's output that passed the schema and every check.
        case model
        /// The authored fallback (the filled template).
        case fallback
        /// No value: the app lets the person write.
        case none
    }

    /// The flow's name, e.g. `copywriter`.
    public var flow: String
    /// The value, if any.
    public var value: GeneratedContent?
    /// Where it came from.
    public var source: Source
    /// The backend that produced it (model values only).
    public var backend: String?
    /// Why the model's output did not ship (`code: message`); nil when it did.
    public var reason: String?
    /// Every backend tried, in order.
    public var attempts: [Attempt]
    /// Flow-specific lines shown before the value (e.g. which entry the librarian picked).
    public var notes: [String] = []
    /// Flow-specific fields added to the JSON object.
    public var extra: [(String, GeneratedContent)] = []

    /// Creates a report.
    public init(
        flow: String, value: GeneratedContent?, source: Source, backend: String?, reason: String?, attempts: [Attempt]
    ) {
        self.flow = flow
        self.value = value
        self.source = source
        self.backend = backend
        self.reason = reason
        self.attempts = attempts
    }

    /// A report for a value from a model or a fallback.
    public init<Value: Generable>(flow: String, outcome: GenerationOutcome<Value>) {
        switch outcome.source {
        case .model(let backend, _, _):
            self.init(
                flow: flow, value: outcome.value.generatedContent, source: .model, backend: backend, reason: nil,
                attempts: outcome.attempts)
        case .fallback(let why):
            self.init(
                flow: flow, value: outcome.value.generatedContent, source: .fallback, backend: nil,
                reason: why.description,
                attempts: outcome.attempts)
        }
    }

    /// A report for a request that may have no suggestion: the outcome, or the error that says
    /// why nothing ships.
    public init<Value: Generable>(flow: String, result: Result<GenerationOutcome<Value>, GenerationError>) {
        switch result {
        case .success(let outcome): self.init(flow: flow, outcome: outcome)
        case .failure(let none):
            self.init(
                flow: flow, value: nil, source: .none, backend: nil, reason: none.reason.description,
                attempts: none.attempts)
        }
    }

    /// `{"flow", "value", "source", "backend", "reason", "attempts": [{"backend", "outcome", "ms", "detail"}], …extra}`.
    public var json: GeneratedContent {
        let attempts = GeneratedContent(
            elements: attempts.map { attempt in
                [
                    "backend": GeneratedContent(attempt.backend), "outcome": GeneratedContent(attempt.outcomeCode),
                    "ms": GeneratedContent((attempt.milliseconds * 10).rounded() / 10),
                    "detail": GeneratedContent(Self.detail(attempt)),
                ]
            })
        var properties: [(String, GeneratedContent)] = [
            ("flow", GeneratedContent(flow)), ("value", value ?? nil), ("source", GeneratedContent(source.rawValue)),
            ("backend", backend.map { GeneratedContent($0) } ?? nil),
            ("reason", reason.map { GeneratedContent($0) } ?? nil),
            ("attempts", attempts),
        ]
        properties += extra
        return GeneratedContent(properties: properties)
    }

    /// The value as a person reads it, then where it came from and, when the model's output did
    /// not ship, every attempt. What a server or model wrote has its control characters escaped
    /// (``TerminalText``); a reason or an attempt stays on its one line.
    public func readable(render: (GeneratedContent) -> String) -> String {
        var lines = notes
        switch source {
        case .model:
            lines.append(value.map { TerminalText.escaped(render($0), keepingLineBreaks: true) } ?? "")
            lines.append(
                "  [from the model on \(TerminalText.escaped(backend ?? "?")): passed the schema and every check]")
        case .fallback:
            lines.append(value.map { TerminalText.escaped(render($0), keepingLineBreaks: true) } ?? "")
            lines.append("  [authored fallback — \(TerminalText.escaped(reason ?? ""))]")
        case .none:
            lines.append("(no suggestion: the person writes their own)")
            lines.append("  [no suggestion — \(TerminalText.escaped(reason ?? ""))]")
        }
        if source != .model {
            lines += attempts.map {
                "    " + TerminalText.escaped("\($0)\(Self.detail($0).isEmpty ? "" : " — " + Self.detail($0))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What went wrong in an attempt, in one line.
    static func detail(_ attempt: Attempt) -> String {
        switch attempt.outcome {
        case .unavailable(let reason): reason.message
        case .failed(let error): error.message
        case .rejected(let rejections): rejections.map(\.description).joined(separator: "; ")
        case .overBudget(let message): message
        case .deadline, .cancelled, .succeeded: ""
        }
    }
}
