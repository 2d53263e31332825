/// A pattern that is not valid ECMA-262 syntax, or that uses a construct
/// outside the supported subset.
package struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Offset of the offending construct, counted in Unicode scalars from the start of the pattern.
    public var offset: Int
    /// What is wrong, in one line.
    public var message: String
    /// How to fix it, in one line.
    public var remedy: String

    /// An error at `offset` Unicode scalars into the pattern; `message` and `remedy` are one line
    /// each, e.g. "unmatched ')'" and "remove it or escape it as \\)".
    public init(offset: Int, message: String, remedy: String) {
        self.offset = offset
        self.message = message
        self.remedy = remedy
    }

    /// `"regex error at offset N: message (remedy)"`.
    public var description: String {
        "regex error at offset \(offset): \(message) (\(remedy))"
    }
}
