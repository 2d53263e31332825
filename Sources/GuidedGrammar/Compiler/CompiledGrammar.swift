public import GuidedSchema

/// A schema compiled into llama.cpp GBNF, with the report of what the grammar enforces.
public struct CompiledGrammar: Sendable, Hashable {
    /// The grammar text; its start rule is `root`.
    public let gbnf: String
    /// For every keyword: enforced by this grammar, checked after generation, or unsupported.
    package let report: LoweringReport
}

/// A schema that cannot be compiled into a grammar.
public struct GrammarError: GuidedError, Hashable {
    /// Where in the schema (JSON Schema form).
    public var pointer: JSONPointer
    /// What cannot be compiled.
    public var message: String
    /// What to do about it.
    public var remedy: String
    /// Whether the problem is that no value satisfies the schema there (inside `anyOf`, such a
    /// branch is dropped instead of failing the whole grammar).
    public var isUnsatisfiable: Bool

    /// An error at `pointer` (JSON Schema form): `message` says what cannot be compiled and
    /// `remedy` what to change; `unsatisfiable` when no value can satisfy the schema there.
    public init(_ message: String, remedy: String, at pointer: JSONPointer, unsatisfiable: Bool = false) {
        self.pointer = pointer
        self.message = message
        self.remedy = remedy
        self.isUnsatisfiable = unsatisfiable
    }

    /// The same problem as a `SchemaError` attributed to `file`, with the code that says which:
    /// a schema no value satisfies is `contradictoryBounds`, one the grammar cannot write is
    /// `unsupportedKeyword`.
    package func schemaError(file: String?) -> SchemaError {
        SchemaError(
            isUnsatisfiable ? .contradictoryBounds : .unsupportedKeyword, message, remedy: remedy, at: pointer,
            file: file)
    }
}

extension GrammarError {
    /// `unsatisfiable` when no value can meet the schema, else `unsupportedKeyword`.
    public var codeName: String { isUnsatisfiable ? "unsatisfiable" : "unsupportedKeyword" }

    /// The schema and the JSON Pointer of the construct at fault.
    public var location: ErrorLocation { ErrorLocation("<schema>", pointer: pointer) }
}
