/// A complete response from ``HTTPClient/send(_:)``, whatever its status.
package struct HTTPResponse: Sendable {
    /// The HTTP status code, for example `200` or `404`.
    public var status: Int
    /// Response headers in the order received (of the final response, not of `1xx` ones).
    package var headers: [HTTPHeader]
    /// The response body bytes.
    public var body: [UInt8]

    /// Creates a response.
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - headers: The response headers.
    ///   - body: The body bytes.
    public init(status: Int, headers: [HTTPHeader], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name`, ignoring ASCII case.
    /// - Parameter name: The header name.
    /// - Returns: The value, or `nil` when absent.
    public func header(_ name: String) -> String? {
        headers.value(forHeader: name)
    }

    /// The body decoded as UTF-8, invalid sequences replaced by U+FFFD.
    package var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    /// Whether ``status`` is in `200...299`.
    package var isSuccess: Bool {
        (200...299).contains(status)
    }
}
