/// A problem with a schema itself (not with a generated value): malformed, contradictory,
/// or using something Guided cannot enforce or check.
///
/// Every error names where it is: the file (when the schema came from one), the JSON Pointer
/// of the offending keyword, and for JSON syntax errors the line and column. It also says
/// what to do about it in one line.
public struct SchemaError: GuidedError, Hashable {
    /// What kind of problem this is. New codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String
        /// The code's stable name, e.g. `unsupportedKeyword`.
        public var description: String { name }

        /// The text is not valid JSON.
        public static let syntax = Code(name: "syntax")
        /// A keyword has a value of the wrong type or shape.
        public static let invalidKeywordValue = Code(name: "invalidKeywordValue")
        /// A keyword Guided cannot enforce or check.
        public static let unsupportedKeyword = Code(name: "unsupportedKeyword")
        /// A `$ref` that points nowhere (or outside the document).
        public static let danglingReference = Code(name: "danglingReference")
        /// Two schemas of one resource declare the same `$anchor` (or draft-07 `"$id": "#name"`),
        /// so a reference to it could mean either.
        public static let duplicateAnchor = Code(name: "duplicateAnchor")
        /// References that lead back to where they started without validating any part of the
        /// instance (`{"$ref": "#"}`, a → b → a).
        public static let referenceCycle = Code(name: "referenceCycle")
        /// Bounds that no value can satisfy (minLength > maxLength, minItems > maxItems, …).
        public static let contradictoryBounds = Code(name: "contradictoryBounds")
        /// A `pattern` outside the supported regular-expression subset.
        public static let unsupportedPattern = Code(name: "unsupportedPattern")
        /// A value (a fallback, a constant) that does not fit its own schema.
        public static let invalidValue = Code(name: "invalidValue")
        /// The file could not be read.
        public static let unreadable = Code(name: "unreadable")
        /// An output type has no worked examples while its route reaches a base model (a
        /// warning: the session derives examples from the schema's shape).
        public static let noExamples = Code(name: "noExamples")
        /// A Swift type declares a stored property whose type has no generation schema.
        public static let unsupportedPropertyType = Code(name: "unsupportedPropertyType")
    }

    /// What kind of problem.
    public var code: Code
    /// What is wrong, in one sentence.
    public var message: String
    /// What to do about it, in one line.
    public var remedy: String
    /// The file the schema came from, if any.
    public var file: String?
    /// Where in the schema document.
    public var pointer: JSONPointer
    /// Line and column (1-based) for syntax errors.
    public var line: Int?
    /// Column (1-based) for syntax errors.
    public var column: Int?

    /// A located schema error: `message` says what is wrong, `remedy` what to write instead.
    /// Give `line` and `column` (1-based) only for errors found while reading the file's text.
    public init(
        _ code: Code, _ message: String, remedy: String, at pointer: JSONPointer = .root,
        file: String? = nil, line: Int? = nil, column: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.remedy = remedy
        self.pointer = pointer
        self.file = file
        self.line = line
        self.column = column
    }

    /// The same error, attributed to `file`.
    package func inFile(_ file: String) -> SchemaError {
        var copy = self
        copy.file = file
        return copy
    }
}

extension SchemaError {
    /// The code's name, e.g. `invalidValue`.
    public var codeName: String { code.description }

    /// The file (else `<schema>`), the pointer, the line and column.
    public var location: ErrorLocation {
        ErrorLocation(file ?? "<schema>", pointer: pointer, line: line, column: column)
    }
}
