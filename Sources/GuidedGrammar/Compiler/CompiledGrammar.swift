public import GuidedSchema

/// A schema compiled into llama.cpp GBNF, with the report of what the grammar enforces.
public struct CompiledGrammar: Sendable, Hashable {
    /// The grammar text; its start rule is `root`.
    public let gbnf: String
    /// For every keyword: enforced by this grammar, checked after generation, or unsupported.
    public let report: LoweringReport
}

/// A schema that cannot be compiled into a grammar.
public struct GrammarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the schema (JSON Schema form).
    public var pointer: JSONPointer
    /// What cannot be compiled.
    public var message: String
    /// What to do about it.
    public var remedy: String

    /// Creates an error.
    public init(_ message: String, remedy: String, at pointer: JSONPointer) {
        self.pointer = pointer
        self.message = message
        self.remedy = remedy
    }

    /// `error: message (at #/pointer) — remedy`.
    public var description: String { "error: \(message) (at #\(pointer)) — \(remedy)" }

    /// The same problem as a ``SchemaError`` attributed to `file`.
    public func schemaError(file: String?) -> SchemaError {
        SchemaError(.unsupportedKeyword, message, remedy: remedy, at: pointer, file: file)
    }
}
