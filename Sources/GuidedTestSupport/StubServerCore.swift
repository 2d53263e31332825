import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The state and threads behind ``StubHTTPServer``: the listening socket, a
/// stop pipe watched by every wait, routes, records and the threads to join.
final class StubServerCore: Sendable {
    typealias Handler = @Sendable (StubRequest) -> StubResponse

    private struct State {
        var routes: [String: Handler] = [:]
        var requests: [StubRequest] = []
        var accepted = 0
        var openSockets: Set<Int32> = []
        /// Connection threads not joined yet, by connection number.
        var threads: [Int: pthread_t] = [:]
        /// Connections whose thread has finished serving, to be joined.
        var finished: Set<Int> = []
        var acceptThread: pthread_t?
        var stopped = false
    }

    let listenFD: Int32
    let port: Int
    /// Whether every request is kept for ``requests`` (a long-running load turns it off).
    let recordsRequests: Bool
    private let stopRead: Int32
    private let stopWrite: Int32
    private let state = Mutex(State())

    init(listenFD: Int32, port: Int, stopRead: Int32, stopWrite: Int32, recordsRequests: Bool = true) {
        self.listenFD = listenFD
        self.port = port
        self.recordsRequests = recordsRequests
        self.stopRead = stopRead
        self.stopWrite = stopWrite
    }

    var requests: [StubRequest] { state.withLock { $0.requests } }
    var acceptedConnections: Int { state.withLock { $0.accepted } }
    var openConnections: Int { state.withLock { $0.openSockets.count } }

    func setRoute(_ method: String, _ path: String, _ handler: @escaping Handler) {
        state.withLock { $0.routes["\(method) \(path)"] = handler }
    }

    func setAcceptThread(_ thread: pthread_t) {
        state.withLock { $0.acceptThread = thread }
    }

    /// Accepts connections until the stop pipe is written; one thread each.
    func acceptLoop() {
        let listener = StubSocket(fd: listenFD, stopFD: stopRead)
        while listener.wait() == .readable {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { continue } // EAGAIN: the pending connection went away
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) // may be inherited on some systems
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let number: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                state.accepted += 1
                state.openSockets.insert(fd)
                return state.accepted
            }
            guard let number else {
                close(fd)
                return
            }
            let thread = StubThread.spawn { [self] in serve(fd, connection: number) }
            if let thread {
                state.withLock { $0.threads[number] = thread }
            } else {
                closeSocket(fd)
            }
            joinFinishedThreads()
        }
    }

    /// Joins the threads of connections that are over, so a server that lives through many
    /// connections (a soak) holds only the live ones' threads and stacks.
    private func joinFinishedThreads() {
        let done = state.withLock { state -> [pthread_t] in
            let joinable = state.finished.filter { state.threads[$0] != nil }
            state.finished.subtract(joinable)
            return joinable.compactMap { state.threads.removeValue(forKey: $0) }
        }
        for thread in done { StubThread.join(thread) }
    }

    /// Serves keep-alive requests on one connection until either side closes.
    private func serve(_ fd: Int32, connection: Int) {
        let socket = StubSocket(fd: fd, stopFD: stopRead)
        var reader = StubRequestReader(connection: connection)
        while let request = reader.next(from: socket) {
            let handler = state.withLock { state -> Handler? in
                if recordsRequests { state.requests.append(request) }
                return state.routes["\(request.method) \(request.path)"]
                    ?? state.routes["\(request.method) \(request.path.prefix { $0 != "?" })"]
            }
            let response = handler?(request) ?? .text(status: 404, "no route for \(request.method) \(request.path)\n")
            let keepOpen = StubResponseWriter.write(response, method: request.method, to: socket)
            if !keepOpen || request.header("Connection")?.lowercased() == "close" {
                break
            }
        }
        closeSocket(fd)
        state.withLock { _ = $0.finished.insert(connection) }
    }

    private func closeSocket(_ fd: Int32) {
        state.withLock { state in
            state.openSockets.remove(fd)
            close(fd)
        }
    }

    /// Wakes every wait, joins every thread, closes every descriptor. Idempotent.
    func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(stopWrite, &byte, 1)
        if let acceptThread = state.withLock({ $0.acceptThread }) {
            StubThread.join(acceptThread)
        }
        let threads = state.withLock { state in
            for fd in state.openSockets {
                shutdown(fd, Int32(SHUT_RDWR)) // unblocks a send to a client that stopped reading
            }
            return Array(state.threads.values)
        }
        for thread in threads {
            StubThread.join(thread)
        }
        close(listenFD)
        close(stopRead)
        close(stopWrite)
    }
}
