extension Transfer {
    /// CURLOPT_XFERINFOFUNCTION and poll loop check: stop when cancelled.
    func shouldAbort() -> Bool {
        if control.isCancelled {
            abort = .cancelled
            return true
        }
        guard request.idleTimeout > .zero else { return false }
        let now = ContinuousClock.now
        let sinceLastCheck = now - lastCheck
        lastCheck = now
        if sinceLastCheck > Self.suspensionGap {
            // This thread did not run for that long (the process was stopped, a laptop slept,
            // the machine starved it): the bytes the server sent meanwhile wait unread, so that
            // time is not the server's silence.
            lastActivity += sinceLastCheck
        }
        if now - lastActivity >= request.idleTimeout {
            abort = .idle
            return true
        }
        return false
    }

    /// The longest this thread can go between two checks while it runs: the poll loop wakes at
    /// least every second (``pollMilliseconds()``). A longer gap means it was not running.
    static let suspensionGap = Duration.seconds(2)

    /// How long the poll loop may sleep: at most a second, and no later than the idle deadline.
    func pollMilliseconds() -> Int32 {
        guard request.idleTimeout > .zero else { return 1000 }
        let left = request.idleTimeout - (ContinuousClock.now - lastActivity)
        return Int32(min(1000, max(1, Self.milliseconds(left))))
    }

    /// CURLOPT_WRITEFUNCTION: enforce the size limit, then hand bytes to the sink.
    /// Returning fewer bytes than given makes libcurl abort the transfer.
    func didReceiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        if shouldAbort() {
            return 0
        }
        guard bytes.count <= request.maximumResponseBytes - bodyBytes else {
            abort = .tooLarge
            return 0
        }
        bodyBytes += bytes.count
        lastActivity = .now
        deliverHeadIfNeeded(fallbackStatus: head.status ?? 0)
        if let refusal = sink.receiveBody(bytes) {
            abort = .refused(refusal)
            return 0
        }
        return bytes.count
    }

    /// CURLOPT_HEADERFUNCTION: one raw header line at a time, status lines included; the head
    /// may hold at most ``HTTPRequest/maximumResponseHeaderBytes``.
    func didReceiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        if shouldAbort() {
            return 0
        }
        headerBytes += bytes.count
        guard head.delivered || headerBytes <= request.maximumResponseHeaderBytes else {
            abort = .headerTooLarge
            return 0
        }
        lastActivity = .now
        if head.consume(bytes) {
            deliverHeadIfNeeded(fallbackStatus: head.status ?? 0)
        }
        return bytes.count
    }

    /// Gives the sink the head exactly once, before any body bytes.
    func deliverHeadIfNeeded(fallbackStatus: Int) {
        guard !head.delivered else { return }
        head.delivered = true
        sink.receiveHead(status: head.status ?? fallbackStatus, headers: head.headers)
    }
}

/// Collects the status line and header fields that libcurl reports line by line.
struct ResponseHeadParser {
    private(set) var status: Int?
    private(set) var headers: [HTTPHeader] = []
    var delivered = false

    /// Consumes one header line.
    /// - Returns: `true` when the line ends the head of a final (non-1xx) response.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !delivered else { return false } // trailers after the body
        var line = Array(bytes)
        while let last = line.last, last == 0x0A || last == 0x0D {
            line.removeLast()
        }
        if line.isEmpty {
            return (status ?? 0) >= 200
        }
        if line.starts(with: Array("HTTP/".utf8)) {
            let fields = line.split(separator: 0x20, maxSplits: 2)
            status = fields.count > 1 ? Int(String(decoding: fields[1], as: UTF8.self)) : nil
            headers = []
            return false
        }
        if line.first == 0x20 || line.first == 0x09, !headers.isEmpty { // obsolete line folding
            headers[headers.count - 1].value += " " + Self.trimmed(line[...])
            return false
        }
        guard let colon = line.firstIndex(of: 0x3A) else { return false }
        headers.append(HTTPHeader(name: Self.trimmed(line[..<colon]), value: Self.trimmed(line[(colon + 1)...])))
        return false
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
