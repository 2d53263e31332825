import GuidedBackends
import GuidedHTTP
import GuidedJSON
import GuidedSchema

/// JSON requests for HTTP backends: bodies built from ``GeneratedContent``, responses parsed
/// with json-c, transport failures mapped to ``BackendError`` codes.
package struct JSONOverHTTP: Sendable {
    /// The shared HTTP client.
    package let client: HTTPClient
    /// The backend's configured name, for errors.
    package let backend: String
    /// How long to wait for the TCP (and TLS) connection before failing with a timeout; 2 s by default.
    package var connectTimeout: Duration
    /// Total timeout per request.
    package var timeout: Duration
    /// Extra headers (e.g. authorization); never printed.
    package var headers: [HTTPHeader]
    /// The longest a streamed response may send nothing before it is given up (``streamRequest(_:body:)``).
    package var idleTimeout: Duration = JSONOverHTTP.defaultIdleTimeout
    /// The default idle timeout: 8 s, so a server that accepts and then sends nothing costs at
    /// most that (under 10 s) before the router moves on, while a stream that keeps sending
    /// tokens is never cut by it.
    package static let defaultIdleTimeout: Duration = .seconds(8)
    /// Further secrets to keep out of every text (e.g. a URL's password); header values are
    /// always secrets.
    package var secrets: [String]
    /// A PEM file of the certificate authorities an `https` server's certificate must chain to,
    /// instead of the system's (`HTTPRequest.certificateAuthorities`; a backend's `caFile`).
    package var certificateAuthorities: String?

    /// Creates a JSON client for one backend.
    package init(
        client: HTTPClient, backend: String, connectTimeout: Duration = .seconds(2), timeout: Duration = .seconds(120),
        headers: [HTTPHeader] = [], secrets: [String] = []
    ) {
        self.client = client
        self.backend = backend
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.headers = headers
        self.secrets = secrets
    }

    /// Creates a JSON client for a backend whose URL may carry `user:password@`: the
    /// credentials become an `Authorization: Basic` header and secrets, never part of a message.
    package init(
        client: HTTPClient, backend: String, credentials: URLCredentials, connectTimeout: Duration = .seconds(2),
        timeout: Duration = .seconds(120), headers: [HTTPHeader] = []
    ) {
        self.init(
            client: client, backend: backend, connectTimeout: connectTimeout, timeout: timeout,
            headers: headers + (credentials.authorization.map { [$0] } ?? []), secrets: credentials.secrets)
    }

    /// A response: the status and the parsed body (nil when the body is not JSON).
    package struct Reply: Sendable {
        /// HTTP status.
        package var status: Int
        /// The body parsed as JSON, if it is JSON.
        package var json: GeneratedContent?
        /// The body as text.
        package var text: String

        /// Creates a reply (e.g. from a streamed error body).
        package init(status: Int, json: GeneratedContent?, text: String) {
            self.status = status
            self.json = json
            self.text = text
        }
    }

    /// The request for `url` with `body` (POST) or none (GET).
    package func request(_ url: String, body: GeneratedContent? = nil, timeout: Duration? = nil) -> HTTPRequest {
        var request = HTTPRequest(
            method: body == nil ? "GET" : "POST", url: url,
            headers: headers + (body == nil ? [] : [HTTPHeader("Content-Type", "application/json")]),
            body: body.map { Array($0.jsonText().utf8) })
        request.connectTimeout = connectTimeout
        request.timeout = timeout ?? self.timeout
        request.certificateAuthorities = certificateAuthorities
        return request
    }

    /// The request for a streamed response: like ``request(_:body:timeout:)``, plus the idle
    /// timeout, so a server that goes silent mid-stream (or never starts) is left after
    /// ``idleTimeout``.
    package func streamRequest(_ url: String, body: GeneratedContent) -> HTTPRequest {
        var request = request(url, body: body)
        request.idleTimeout = idleTimeout
        return request
    }

    /// Sends a request and parses the reply.
    package func send(_ url: String, body: GeneratedContent? = nil, timeout: Duration? = nil) async throws(BackendError)
        -> Reply
    {
        let response: HTTPResponse
        do {
            response = try await client.send(request(url, body: body, timeout: timeout))
        } catch {
            throw Self.backendError(error, backend: backend)
        }
        // A reply to use must be text: decoded leniently, bad bytes would pass on as U+FFFD
        // (an error status is only reported, so its body may stay as it is).
        if response.isSuccess, String(validating: response.body, as: UTF8.self) == nil {
            throw BackendError(
                .malformedResponse, backend: backend,
                "the server's reply (status \(response.status)) is not valid UTF-8; nothing is read from it")
        }
        guard !allSecrets.isEmpty else {
            return Reply(
                status: response.status, json: try? JSONReader.parse(bytes: response.body), text: response.bodyText)
        }
        return reply(status: response.status, body: response.bodyText)
    }

    /// The reply a body amounts to, redacted twice: the text as it came, and every string of the
    /// parsed JSON (a key the server wrote escaped, `\u0073\u006b…`, is only whole once decoded).
    package func reply(status: Int, body: String) -> Reply {
        let redactor = redactor
        let text = redactor.redact(body)
        return Reply(
            status: status, json: (try? JSONReader.parse(text)).map { redactStrings(in: $0, redactor) }, text: text)
    }

    /// `content` with every string (and every property name) redacted: decoded JSON may spell a
    /// secret that its text only held escaped.
    package func redactStrings(in content: GeneratedContent) -> GeneratedContent {
        redactStrings(in: content, redactor)
    }

    private func redactStrings(in content: GeneratedContent, _ redactor: SecretRedactor) -> GeneratedContent {
        guard !redactor.isEmpty else { return content }
        switch content.kind {
        case .string(let text): return GeneratedContent(redactor.redact(text))
        case .array(let elements): return GeneratedContent(elements: elements.map { redactStrings(in: $0, redactor) })
        case .object(let properties):
            return GeneratedContent(
                kind: .object(
                    properties.map {
                        GeneratedContent.Property(redactor.redact($0.name), redactStrings(in: $0.value, redactor))
                    }))
        default: return content
        }
    }

    /// The shortest secret that is redacted: a shorter one (an API key `x`, a URL password `a`)
    /// means nothing, and replacing it in every text would corrupt every response
    /// (`"Mi[redacted] the starter"`). Backends refuse an API key this short when they read it.
    package static let minimumSecretLength = 8

    /// Every secret this client knows, longest first: header values, the credential after
    /// `Bearer ` or `Basic `, and ``secrets`` — each at least ``minimumSecretLength`` long.
    package var allSecrets: [String] {
        let fromHeaders = headers.flatMap { header -> [String] in
            let credential = ["Bearer ", "Basic "].compactMap {
                header.value.hasPrefix($0) ? String(header.value.dropFirst($0.count)) : nil
            }
            return [header.value] + credential
        }
        return (fromHeaders + secrets).filter { $0.count >= Self.minimumSecretLength }.sorted { $0.count > $1.count }
    }

    /// The redactor for ``allSecrets``.
    package var redactor: SecretRedactor { SecretRedactor(secrets: allSecrets) }

    /// `text` with every secret replaced by `[redacted]`. Applied to every body and stream line
    /// before anything reads it, and again to text decoded from JSON (``redactStrings(in:)``), so
    /// no excerpt, message, partial snapshot or validated output can carry a secret, whole or cut.
    /// Linear in the text (``SecretRedactor``).
    package func redact(_ text: String) -> String {
        redactor.redact(text)
    }

    /// The error a transport failure becomes.
    package static func backendError(_ error: HTTPError, backend: String) -> BackendError {
        switch error.code {
        case .timedOut: BackendError(.timeout, backend: backend, error.description)
        case .cancelled: BackendError(.cancelled, backend: backend, error.description)
        case .couldNotConnect: BackendError(.unavailable, backend: backend, error.description)
        case .invalidUTF8: BackendError(.malformedResponse, backend: backend, error.description)
        default: BackendError(.transport, backend: backend, error.description)
        }
    }

    /// The growing output of a stream as it may be shown: ``SecretRedactor/Stream/shown`` holds
    /// secrets redacted and any ending that could be the start of a secret held back until the
    /// next piece shows it is not one (a key echoed token by token never appears even in part).
    /// Each piece costs its own length, not the text's so far.
    package func redactedStream() -> SecretRedactor.Stream {
        SecretRedactor.Stream(redactor)
    }

    /// `error` with every secret this client sends (header values, and the credential after
    /// `Bearer `) replaced by `[redacted]`: servers may echo a key back in their error text.
    package func redacting(_ error: BackendError) -> BackendError {
        let redactor = redactor
        guard !redactor.isEmpty else { return error }
        let clean = redactor.redact
        var redacted = error
        redacted.message = clean(error.message)
        redacted.excerpt = error.excerpt.map(clean)
        redacted.violations = error.violations.map { violation in
            var copy = violation
            copy.excerpt = clean(violation.excerpt)
            return copy
        }
        return redacted
    }

    /// The server's error message from an OpenAI-shaped error body, or the text.
    package static func errorMessage(_ reply: Reply) -> String {
        if let message = reply.json?["error"]?["message"]?.stringValue { return message }
        if let message = reply.json?["error"]?.stringValue { return message }
        return OutputValidation.excerpt(reply.text)
    }
}

/// Small helpers for reading wire JSON.
extension GeneratedContent {
    /// The value at a path of keys, e.g. `["timings", "predicted_per_second"]`.
    package func value(at path: [String]) -> GeneratedContent? {
        var current: GeneratedContent? = self
        for key in path { current = current?[key] }
        return current
    }
}
