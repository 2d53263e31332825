/// One HTTP header field: a name and its value.
///
/// Header names compare case-insensitively when looked up with
/// `value(forHeader:)` on `[HTTPHeader]`; the stored spelling is kept as given.
package struct HTTPHeader: Sendable, Hashable {
    /// The field name, for example `"Content-Type"`.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// Creates a header field.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Creates a header field from an unlabeled name and value.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public init(_ name: String, _ value: String) {
        self.init(name: name, value: value)
    }
}

extension Array where Element == HTTPHeader {
    /// The value of the first header whose name matches `name`, ignoring ASCII case.
    /// - Parameter name: The header name to look for.
    /// - Returns: The value, or `nil` when no such header is present.
    package func value(forHeader name: String) -> String? {
        let wanted = name.lowercased()
        return first { $0.name.lowercased() == wanted }?.value
    }
}
