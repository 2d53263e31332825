/// One header field sent or received by ``StubHTTPServer``.
public struct StubHeader: Sendable, Hashable {
    /// The field name as written.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// Creates a header field.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A request as ``StubHTTPServer`` received it, kept for assertions.
public struct StubRequest: Sendable {
    /// The request method, for example `"POST"`.
    public var method: String
    /// The request target, query included, for example `"/v1/chat/completions"`.
    public var path: String
    /// The request headers in the order received.
    public var headers: [StubHeader]
    /// The request body (read by `Content-Length`).
    public var body: [UInt8]
    /// Which accepted connection carried the request, counting from 1.
    public var connection: Int

    /// Creates a recorded request.
    /// - Parameters:
    ///   - method: The method.
    ///   - path: The request target.
    ///   - headers: The headers.
    ///   - body: The body bytes.
    ///   - connection: The 1-based number of the connection.
    public init(method: String, path: String, headers: [StubHeader], body: [UInt8], connection: Int) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.connection = connection
    }

    /// The value of the first header named `name`, ignoring ASCII case.
    /// - Parameter name: The header name.
    /// - Returns: The value, or `nil` when absent.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The body decoded as UTF-8.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
