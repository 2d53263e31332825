/// The one shape every public Guided error has, the one ``SchemaError`` set: a machine-readable
/// code, a message for people, a remedy that says what to do, and where it happened.
///
/// Catch any of them the same way, and print them the same way:
///
/// ```swift
/// do {
///     let configuration = try GuidedConfiguration.load()
/// } catch let error as any GuidedError {
///     print(error.rendered())   // guided.json: error: … (at #/backends/0/url) — write "url": "http://…"
///     if error.codeName == "invalidValue" { … }
/// }
/// ```
public protocol GuidedError: Error, Sendable, CustomStringConvertible {
    /// The kind of error, machine-readable and stable, e.g. `invalidValue`: match on it, never on
    /// ``message``. Each error type also has its codes as typed constants (``SchemaError/Code``,
    /// `BackendError.Code`, …), extensible, so a new code breaks no caller's `switch`.
    var codeName: String { get }
    /// What went wrong, for people.
    var message: String { get }
    /// What to do about it, for people.
    var remedy: String { get }
    /// Where it happened: the file, the JSON Pointer in it, the line and column — each when known.
    var location: ErrorLocation { get }
    /// What more there is to read, when there is more: a backend's schema violations and an
    /// excerpt of its output, a request's attempts. Nil by default.
    var details: String? { get }
}

/// Where an error happened: a file (or what stands for one, such as `<schema>` or a backend's
/// name), a JSON Pointer into it, and a line and column; each part when known.
public struct ErrorLocation: Sendable, Hashable {
    /// The file, or what stands for it: `<schema>`, `<configuration>`, a backend's name.
    public var source: String
    /// The JSON Pointer of the value at fault, if the error is about one.
    public var pointer: JSONPointer?
    /// The 1-based line, if known.
    public var line: Int?
    /// The 1-based column, if known.
    public var column: Int?

    /// A location in `source`, at `pointer`, `line` and `column` where known.
    public init(_ source: String, pointer: JSONPointer? = nil, line: Int? = nil, column: Int? = nil) {
        self.source = source
        self.pointer = pointer
        self.line = line
        self.column = column
    }
}

extension GuidedError {
    /// No details.
    public var details: String? { nil }

    /// The one rendering of every Guided error, as a compiler writes diagnostics:
    /// `source[:line[:column]]: severity: message (at #/pointer) — remedy [details]`, on one line.
    /// - Parameter severity: `error`, or `warning` for a problem that does not stop the work.
    public func rendered(severity: String = "error") -> String {
        var text = location.source
        if let line = location.line { text += ":\(line)" }
        if let column = location.column { text += ":\(column)" }
        text += ": \(severity): \(message)"
        if let pointer = location.pointer { text += " (at #\(pointer))" }
        if !remedy.isEmpty { text += " — \(remedy)" }
        if let details, !details.isEmpty { text += " [\(details)]" }
        return text
    }

    /// ``rendered(severity:)``: `print(error)` shows every Guided error in the one shape.
    public var description: String { rendered() }
}
