#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A connected socket whose every wait also watches the server's stop pipe,
/// so a stopping server interrupts reads, pauses and hangs at once.
struct StubSocket {
    let fd: Int32
    let stopFD: Int32

    enum Readiness {
        case readable
        case stopping
    }

    /// Waits until the socket is readable (or closed), or the server stops.
    /// - Parameter milliseconds: The longest wait; `-1` waits forever.
    /// - Returns: `nil` on timeout.
    func wait(milliseconds: Int32 = -1) -> Readiness? {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, 2, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || fds[1].revents != 0 { return .stopping }
            if ready == 0 { return nil }
            return .readable
        }
    }

    /// Pauses for `duration` unless the server stops or the peer hangs up first.
    /// - Returns: `false` if the server is stopping or the peer is gone.
    func pause(_ duration: Duration) -> Bool {
        guard duration > .zero else { return true }
        let clock = ContinuousClock()
        let deadline = clock.now + duration
        var watchPeer = true
        while clock.now < deadline {
            let left = clock.now.duration(to: deadline)
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            var fds = [
                pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watchPeer ? fd : -1, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&fds, 2, Int32(clamping: max(1, milliseconds))) > 0 else { continue }
            if fds[0].revents != 0 { return false }
            if fds[1].revents != 0 {
                var byte: UInt8 = 0
                if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0 { return false } // peer closed
                watchPeer = false // pipelined bytes: leave them for the next request
            }
        }
        return true
    }

    /// Reads what is available, appending it to `buffer`.
    /// - Returns: `false` at end of stream, on error, or when the server stops.
    func receive(into buffer: inout [UInt8]) -> Bool {
        guard wait() == .readable else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// Writes all of `bytes` (never raising SIGPIPE).
    /// - Returns: `false` if the peer is gone.
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Makes the coming close a reset (`SO_LINGER` with a zero timeout): the peer reads
    /// `ECONNRESET` instead of an end of stream.
    func resetOnClose() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Sends a string as UTF-8.
    func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }
}
