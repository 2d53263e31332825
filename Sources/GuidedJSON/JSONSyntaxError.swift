import GuidedSchema

/// JSON text that could not be parsed, located by line and column (1-based, in characters).
public struct JSONSyntaxError: GuidedError, Hashable {
    /// The file the text came from, if any.
    public var file: String?
    /// 1-based line of the error.
    public var line: Int
    /// 1-based column of the error, counted in Unicode scalars.
    public var column: Int
    /// Byte offset of the error in the text.
    package var offset: Int
    /// What is wrong.
    public var message: String
    /// Set when the file could not be read at all (then there is no line or column to fix).
    package var readFailure: FileReadError?

    /// An error at `line`:`column` (1-based, column in Unicode scalars) and byte `offset` of the
    /// text read from `file` (nil for text that came from no file).
    public init(file: String? = nil, line: Int, column: Int, offset: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    /// The same problem as a ``SchemaError`` (for schema files).
    package var schemaError: SchemaError {
        if let readFailure {
            return SchemaError(.unreadable, message, remedy: readFailure.remedy, file: file)
        }
        return SchemaError(
            .syntax, "invalid JSON: \(message)", remedy: "fix the JSON syntax at this line and column",
            file: file, line: line, column: column)
    }
}

extension JSONSyntaxError {
    /// `unreadable` when the file could not be read, else `syntax`.
    public var codeName: String { readFailure == nil ? "syntax" : "unreadable" }

    /// What to do: the read failure's remedy, or to fix the syntax where it broke.
    public var remedy: String { readFailure?.remedy ?? "fix the JSON syntax at this line and column" }

    /// The file (else `<json>`), and the line and column where the syntax broke.
    public var location: ErrorLocation {
        readFailure == nil
            ? ErrorLocation(file ?? "<json>", line: line, column: column) : ErrorLocation(file ?? "<json>")
    }
}
