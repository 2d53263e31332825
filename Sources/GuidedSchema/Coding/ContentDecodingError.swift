/// Generated content that does not fit the Swift type it is decoded into.
public struct ContentDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
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

    /// `/pointer: expected …, got …`.
    public var description: String {
        "\(pointer.description.isEmpty ? "/" : pointer.description): expected \(expected), got \(excerpt)"
    }
}
