/// A request for ``HTTPClient``: method, URL, headers, optional body and limits.
///
/// Only `http` and `https` URLs are accepted. Redirects are never followed and
/// TLS peer and host verification are always on: against the system's certificate
/// authorities, or against ``certificateAuthorities`` when it is set.
package struct HTTPRequest: Sendable {
    /// The request method, for example `"GET"` or `"POST"`.
    package var method: String
    /// The absolute URL, for example `"http://127.0.0.1:8080/completion"`.
    public var url: String
    /// Request headers, sent in order. Values never appear in error messages.
    package var headers: [HTTPHeader]
    /// The request body, or `nil` for none. A `POST` without a body sends an empty one.
    public var body: [UInt8]?
    /// The longest time to wait for the TCP (and TLS) connection. Default: 2 seconds.
    package var connectTimeout: Duration
    /// The longest time the whole transfer may take, streaming included. Default: 60 seconds.
    ///
    /// `.zero` or a negative duration disables the total timeout, which suits
    /// long streamed generations; cancellation still stops such a transfer.
    public var timeout: Duration
    /// The longest the server may stay silent: no header or body byte for this long ends the
    /// transfer with ``HTTPError/Code/timedOut`` (an *idle* timeout, beside the total one).
    /// Every received byte starts it again, so a slow but progressing stream is never cut.
    /// Default: `.zero`, no idle limit.
    package var idleTimeout: Duration
    /// The largest response body accepted, in bytes. Default: 8 MiB.
    ///
    /// Going past it aborts the transfer with ``HTTPError/Code/responseTooLarge``.
    /// For ``HTTPClient/stream(_:)`` it bounds the total bytes of the stream.
    package var maximumResponseBytes: Int

    /// The default for ``maximumResponseBytes``: 8 MiB.
    package static let defaultMaximumResponseBytes = 8 * 1024 * 1024

    /// The largest response head accepted (status lines and header fields, as received), in
    /// bytes. Default: 256 KiB, below libcurl's own 300 KB. Going past it aborts the transfer
    /// with ``HTTPError/Code/responseHeaderTooLarge``.
    package var maximumResponseHeaderBytes: Int

    /// The default for ``maximumResponseHeaderBytes``: 256 KiB.
    package static let defaultMaximumResponseHeaderBytes = 256 * 1024

    /// A PEM file of the certificate authorities to trust for an `https` URL, *instead of* the
    /// system's (a private CA, or a self-signed server's own certificate). Verification stays
    /// on either way: this chooses what it trusts, never whether it runs. Default: `nil`, the
    /// system's authorities.
    package var certificateAuthorities: String?

    /// Creates a request with default timeouts and size limit.
    /// - Parameters:
    ///   - method: The request method. Default: `"GET"`.
    ///   - url: The absolute `http` or `https` URL.
    ///   - headers: Request headers. Default: none.
    ///   - body: The request body. Default: none.
    public init(method: String = "GET", url: String, headers: [HTTPHeader] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.connectTimeout = .seconds(2)
        self.timeout = .seconds(60)
        self.idleTimeout = .zero
        self.maximumResponseBytes = Self.defaultMaximumResponseBytes
        self.maximumResponseHeaderBytes = Self.defaultMaximumResponseHeaderBytes
        self.certificateAuthorities = nil
    }
}

extension HTTPRequest {
    /// Checks the request before it reaches libcurl: a bad method or a header with
    /// line breaks would otherwise let a value inject extra protocol lines.
    func validationError() -> HTTPError? {
        let invalid = { (message: String) in
            HTTPError(code: .invalidRequest, url: url, message: message)
        }
        if method.isEmpty || !method.utf8.allSatisfy(Self.isTokenByte) {
            return invalid("invalid HTTP method")
        }
        if url.utf8.contains(where: { $0 < 0x21 || $0 == 0x7F }) {
            return HTTPError(code: .invalidURL, url: url, message: "URL contains whitespace or control characters")
        }
        for header in headers {
            if header.name.isEmpty || !header.name.utf8.allSatisfy(Self.isTokenByte) {
                return invalid("invalid header name \"\(header.name)\"")
            }
            if header.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
                // Name the header, never its value: values may be API keys.
                return invalid("value of header \"\(header.name)\" contains a line break or NUL")
            }
        }
        if maximumResponseBytes < 0 {
            return invalid("maximumResponseBytes is negative")
        }
        return nil
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
