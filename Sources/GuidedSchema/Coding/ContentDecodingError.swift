/// Generated content that does not fit the Swift type it is decoded into.
public struct ContentDecodingError: GuidedError, Hashable {
    /// Where in the content.
    public var pointer: JSONPointer
    /// What was expected there.
    public var expected: String
    /// A short excerpt of what was found.
    package var excerpt: String

    /// An error at `pointer` (e.g. `/steps/2`), where `expected` (e.g. `a string`) did not match
    /// `excerpt`, a short quote of the content found there (see `Violation.excerpt(of:limit:)`).
    public init(pointer: JSONPointer, expected: String, excerpt: String) {
        self.pointer = pointer
        self.expected = expected
        self.excerpt = excerpt
    }
}

extension ContentDecodingError {
    /// `typeMismatch`: the content does not have the shape the Swift type declares.
    public var codeName: String { "typeMismatch" }

    /// What did not match, e.g. `expected a string, got 3`.
    public var message: String { "expected \(expected), got \(excerpt)" }

    /// What to do: check the content against the type's schema first.
    public var remedy: String { "check the content against the type's generationSchema before decoding it" }

    /// The JSON Pointer of the value that did not match.
    public var location: ErrorLocation { ErrorLocation("<content>", pointer: pointer) }
}
