import CCurl
import CCurlShims

/// One request driven to completion on the calling (dedicated) thread.
///
/// libcurl calls back into this object from inside `curl_multi_perform`, on the
/// same thread, so it needs no locking; only ``TransferControl`` is shared.
final class Transfer {
    enum Abort {
        case cancelled
        case tooLarge
        case idle
        case headerTooLarge
        /// The sink refused the body, saying why (a streamed line that is not UTF-8).
        case refused(String)
    }

    let request: HTTPRequest
    let control: TransferControl
    let sink: any TransferSink
    /// Why a callback asked libcurl to stop, if one did.
    var abort: Abort?
    var bodyBytes = 0
    /// The bytes of the response head so far (every header line, 1xx heads included).
    var headerBytes = 0
    var head = ResponseHeadParser()
    /// When the last byte arrived (or the transfer started), for the idle timeout.
    var lastActivity = ContinuousClock.now
    /// When the idle timeout was last checked: a long gap since is time this thread did not run.
    var lastCheck = ContinuousClock.now

    private init(request: HTTPRequest, control: TransferControl, sink: any TransferSink) {
        self.request = request
        self.control = control
        self.sink = sink
    }

    /// Performs `request` with a pooled handle, feeding `sink`.
    /// - Returns: The final status code, or why there is no response.
    static func run(
        _ request: HTTPRequest, control: TransferControl, sink: any TransferSink, pool: HandlePool
    ) -> Result<Int, HTTPError> {
        let transfer = Transfer(request: request, control: control, sink: sink)
        guard !control.isCancelled else {
            return .failure(transfer.error(.cancelled, "transfer cancelled"))
        }
        guard let handle = pool.checkOut() else {
            return .failure(transfer.error(.other, "could not create a libcurl handle"))
        }
        let result = transfer.perform(on: handle)
        pool.checkIn(handle)
        return result
    }

    private func perform(on handle: CurlHandle) -> Result<Int, HTTPError> {
        curl_easy_reset(handle.easy)
        handle.clearError()
        let (headers, failure) = configure(handle)
        defer { curl_slist_free_all(headers) }
        if let failure {
            return .failure(curlError(failure, handle: handle))
        }
        let code = drive(handle)
        if let abort {
            switch abort {
            case .cancelled:
                return .failure(error(.cancelled, "transfer cancelled"))
            case .tooLarge:
                return .failure(error(.responseTooLarge, "response body exceeds \(request.maximumResponseBytes) bytes"))
            case .idle:
                return .failure(
                    error(
                        .timedOut,
                        "the server sent nothing for \(Self.milliseconds(request.idleTimeout)) ms (idle timeout)"))
            case .headerTooLarge:
                return .failure(headerTooLarge("more than \(request.maximumResponseHeaderBytes) bytes in all"))
            case .refused(let reason):
                return .failure(error(.invalidUTF8, reason))
            }
        }
        guard code == CURLE_OK else {
            if !head.delivered, let reason = Self.headerLimit(code, message: handle.errorText) {
                return .failure(headerTooLarge(reason))
            }
            return .failure(curlError(code, handle: handle))
        }
        var status = 0
        _ = guided_curl_easy_getinfo_long(handle.easy, CURLINFO_RESPONSE_CODE, &status)
        deliverHeadIfNeeded(fallbackStatus: status)
        return .success(status)
    }

    /// Runs the multi loop until the transfer ends or is cancelled.
    private func drive(_ handle: CurlHandle) -> CURLcode {
        guard curl_multi_add_handle(handle.multi, handle.easy) == CURLM_OK else {
            return CURLE_FAILED_INIT
        }
        defer { curl_multi_remove_handle(handle.multi, handle.easy) }
        guard control.attach(handle.multi) else {
            abort = .cancelled
            return CURLE_ABORTED_BY_CALLBACK
        }
        defer { control.detach() }

        var running: Int32 = 1
        lastActivity = .now
        lastCheck = lastActivity
        while running > 0 {
            if shouldAbort() {
                return CURLE_ABORTED_BY_CALLBACK
            }
            guard curl_multi_perform(handle.multi, &running) == CURLM_OK else {
                return CURLE_FAILED_INIT
            }
            if running > 0 {
                // Returns on socket activity, on curl's own timers, or on curl_multi_wakeup.
                _ = curl_multi_poll(handle.multi, nil, 0, pollMilliseconds(), nil)
            }
        }
        var remaining: Int32 = 0
        var code = CURLE_OK
        while let message = curl_multi_info_read(handle.multi, &remaining) {
            if message.pointee.msg == CURLMSG_DONE {
                code = guided_curl_msg_result(message)
            }
        }
        return code
    }

    /// The failure for a response head over a limit; `reason` says which.
    private func headerTooLarge(_ reason: String) -> HTTPError {
        error(.responseHeaderTooLarge, "the response headers are too large (\(reason)); is this the right server?")
    }

    /// Which header limit of libcurl's a failure before the head was complete means, if any:
    /// libcurl reports a header line over its 100 KiB as CURLE_OUT_OF_MEMORY (27, "Out of
    /// memory"; CURLE_TOO_LARGE, 100, from 8.6), and over 300 KB of headers as a receive error.
    static func headerLimit(_ code: CURLcode, message: String) -> String? {
        switch Int32(bitPattern: code.rawValue) {
        case 27, 100: "a header line longer than libcurl's limit of 100 KiB"
        case 56 where message.hasPrefix("Too large response headers"): message
        default: nil
        }
    }

    func error(_ code: HTTPError.Code, _ message: String, curlCode: Int32? = nil) -> HTTPError {
        HTTPError(code: code, url: request.url, message: message, curlCode: curlCode)
    }

    private func curlError(_ code: CURLcode, handle: CurlHandle) -> HTTPError {
        let raw = Int32(bitPattern: code.rawValue)
        var message = handle.errorText
        if message.isEmpty {
            message = String(cString: curl_easy_strerror(code))
        }
        return error(.classifying(curlCode: raw, message: message), message, curlCode: raw)
    }
}
