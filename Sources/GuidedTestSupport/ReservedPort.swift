#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A `127.0.0.1` port held for the lifetime of this object, for failure tests
/// that must not race with other sockets (a port freed by a stopped server can
/// be handed to another server at once, even in another process).
public final class ReservedPort: Sendable {
    /// What a client connecting to the port experiences.
    public enum Behavior: Sendable {
        /// Bound but not listening: every connection attempt is refused.
        case refuse
        /// Listening but never accepting: the kernel completes the TCP
        /// handshake into the backlog and nothing ever answers, so a TLS
        /// handshake or a request waits forever.
        case neverAnswer
    }

    /// The reserved port.
    public let port: Int
    private let fd: Int32

    /// `http://127.0.0.1:<port>`, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Reserves an ephemeral port with the given behavior.
    /// - Parameter behavior: Refuse connections, or accept none and stay silent.
    /// - Throws: ``StubHTTPServer/StartError`` when a socket call fails.
    public init(_ behavior: Behavior) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StubHTTPServer.StartError(call: "socket", errno: Glibc.errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound, behavior == .refuse || listen(fd, 16) == 0 else {
            let error = StubHTTPServer.StartError(call: "bind/listen", errno: Glibc.errno)
            close(fd)
            throw error
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(fd)
    }
}
