/// A transfer that did not produce a response: no connection, timeout,
/// cancellation, an oversized or cut response, a TLS failure or a bad request.
///
/// A response with a non-2xx status is not an error. The description names the
/// URL (with any `user:password@` removed) but never a header value.
package struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The code's name, for example `"timedOut"`.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// No connection could be made: refused, unreachable or unresolvable host.
        public static let couldNotConnect = Code("couldNotConnect")
        /// The connect timeout or the total timeout ran out.
        public static let timedOut = Code("timedOut")
        /// The task was cancelled, or the stream's consumer stopped listening.
        public static let cancelled = Code("cancelled")
        /// The body went past ``HTTPRequest/maximumResponseBytes``.
        public static let responseTooLarge = Code("responseTooLarge")
        /// The response head went past ``HTTPRequest/maximumResponseHeaderBytes``, or one header
        /// line past libcurl's limit of 100 KiB (which libcurl reports as "Out of memory").
        public static let responseHeaderTooLarge = Code("responseHeaderTooLarge")
        /// A line of a streamed body (``HTTPClient/stream(_:)``) is not valid UTF-8: it is
        /// refused, never delivered with U+FFFD in place of its bad bytes.
        public static let invalidUTF8 = Code("invalidUTF8")
        /// The server closed or cut the connection: nothing received, a receive
        /// error, or a body shorter than announced.
        public static let connectionClosed = Code("connectionClosed")
        /// The TLS handshake or certificate verification failed.
        public static let tls = Code("tls")
        /// The URL is malformed or its scheme is not `http` or `https`.
        public static let invalidURL = Code("invalidURL")
        /// The server's reply is not HTTP: a status line of garbage, HTTP/0.9 (a body with no
        /// head), or TLS answered on a plain-HTTP port. The URL is fine; the server is not.
        public static let notHTTP = Code("notHTTP")
        /// The request itself is malformed (method or header), so it was never sent.
        public static let invalidRequest = Code("invalidRequest")
        /// Any other failure; see ``HTTPError/curlCode`` and ``HTTPError/message``.
        public static let other = Code("other")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The request URL, with any `user:password@` part removed.
    public var url: String
    /// A human-readable explanation, from libcurl where it had one.
    public var message: String
    /// The libcurl result code (`CURLcode`), when libcurl reported the failure.
    package var curlCode: Int32?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - url: The request URL; credentials in it are removed.
    ///   - message: A human-readable explanation.
    ///   - curlCode: The libcurl result code, if any.
    public init(code: Code, url: String, message: String, curlCode: Int32? = nil) {
        self.code = code
        self.url = Self.redactingUserInfo(url)
        self.message = message
        self.curlCode = curlCode
    }

    /// For example: `timedOut: http://127.0.0.1:8080/x: Operation timed out after 200 milliseconds (curl 28)`.
    public var description: String {
        var text = "\(code): \(url): \(message)"
        if let curlCode {
            text += " (curl \(curlCode))"
        }
        return text
    }

    /// Drops `user:password@` from `scheme://user:password@host/...`, also when the password holds
    /// an unencoded `/`, `?` or `#` (`http://user:pa/ss@host`), which ends the authority early
    /// and makes the URL invalid: such a URL is printed by every error about it, so the
    /// password must come out of it all the same.
    static func redactingUserInfo(_ url: String) -> String {
        let characters = Array(url)
        guard
            let colon = characters.indices.first(where: { index in
                index + 2 < characters.count && characters[index] == ":" && characters[index + 1] == "/"
                    && characters[index + 2] == "/"
            })
        else { return url }
        let authorityStart = colon + 3
        guard let at = userInfoEnd(characters, from: authorityStart) else { return url }
        return String(characters[..<authorityStart]) + String(characters[(at + 1)...])
    }

    /// The index of the `@` that ends the user information starting at `start`, if there is one.
    private static func userInfoEnd(_ characters: [Character], from start: Int) -> Int? {
        let isDelimiter: (Character) -> Bool = { $0 == "/" || $0 == "?" || $0 == "#" }
        let authorityEnd = characters[start...].firstIndex(where: isDelimiter) ?? characters.endIndex
        let authority = characters[start..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { return at }
        // What the delimiter cut off is `user:pa`, not `host:port`, when its "port" is not a
        // number; the user information then ends at the last `@` before the path that follows.
        guard authority.first != "[", let portStart = authority.firstIndex(of: ":"),
            authority[(portStart + 1)...].contains(where: { !$0.isASCII || !$0.isNumber }),
            let firstAt = characters[authorityEnd...].firstIndex(of: "@")
        else { return nil }
        let pathStart = characters[firstAt...].firstIndex(where: isDelimiter) ?? characters.endIndex
        return characters[firstAt..<pathStart].lastIndex(of: "@")
    }
}
