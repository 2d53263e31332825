#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An in-process HTTP/1.1 server on `127.0.0.1` for hermetic tests.
///
/// It listens on an ephemeral port, serves each connection on its own thread
/// with keep-alive, answers scripted routes (whole bodies, delayed streams, cut
/// bodies, hangs, slow answers), records every request and counts accepted
/// connections. Unknown routes get `404`. ``stop()`` (or deinit) ends and joins
/// every thread.
///
/// ```swift
/// let server = try StubHTTPServer()
/// server.route("POST", "/completion") { request in .json(status: 200, #"{"content":"hi"}"#) }
/// ```
public final class StubHTTPServer: Sendable {
    /// Why the server could not start.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        /// The failing system call.
        public var call: String
        /// The `errno` it left.
        public var errno: Int32

        /// The call and its errno.
        public var description: String { "StubHTTPServer: \(call) failed (errno \(errno))" }
    }

    private let core: StubServerCore

    /// The port the server listens on.
    public var port: Int { core.port }

    /// `http://127.0.0.1:<port>`, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(core.port)" }

    /// Every request received so far, in arrival order.
    public var requests: [StubRequest] { core.requests }

    /// How many TCP connections have been accepted so far.
    public var acceptedConnections: Int { core.acceptedConnections }

    /// How many accepted connections are still open on the server's side.
    public var openConnections: Int { core.openConnections }

    /// Binds `127.0.0.1` on an ephemeral port and starts accepting.
    /// - Parameter recordsRequests: Whether to keep every request for ``requests``; a server
    ///   under a long load (a soak) turns it off so its memory stays flat.
    /// - Throws: ``StartError`` when a socket call fails.
    public init(recordsRequests: Bool = true) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StartError(call: "socket", errno: Glibc.errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        // Non-blocking, so an accept after a connection was reset in the backlog
        // returns EAGAIN instead of blocking (and blocking stop()).
        let flags = fcntl(fd, F_GETFL)
        guard bound, listen(fd, 64) == 0, flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let error = StartError(call: "bind/listen", errno: Glibc.errno)
            close(fd)
            throw error
        }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            close(fd)
            throw StartError(call: "pipe", errno: Glibc.errno)
        }
        core = StubServerCore(
            listenFD: fd, port: Int(UInt16(bigEndian: address.sin_port)), stopRead: pipeFDs[0], stopWrite: pipeFDs[1],
            recordsRequests: recordsRequests)
        let core = self.core
        guard let thread = StubThread.spawn({ core.acceptLoop() }) else {
            core.stop()
            throw StartError(call: "pthread_create", errno: Glibc.errno)
        }
        core.setAcceptThread(thread)
    }

    deinit {
        core.stop()
    }

    /// Answers `method` requests for `path` with `handler`, replacing any earlier
    /// route. A path without query also matches requests that carry one.
    /// - Parameters:
    ///   - method: The request method, for example `"POST"`.
    ///   - path: The request path, for example `"/completion"`.
    ///   - handler: Builds the response; runs on the connection's thread.
    public func route(_ method: String, _ path: String, _ handler: @escaping @Sendable (StubRequest) -> StubResponse) {
        core.setRoute(method, path, handler)
    }

    /// Stops accepting, ends open connections (hanging ones included), and
    /// joins every thread. Idempotent. Do not call it from a route handler.
    public func stop() {
        core.stop()
    }
}
