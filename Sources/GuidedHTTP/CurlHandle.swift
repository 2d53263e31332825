import CCurl
import CCurlShims

/// One reusable libcurl transfer slot: an easy handle driven by its own multi handle.
///
/// The multi handle owns the connection cache, so a slot that goes back to the
/// ``HandlePool`` keeps its idle keep-alive connection for the next request.
/// A slot is used by one transfer thread at a time; only `curl_multi_wakeup`
/// is called on it from elsewhere (it is thread-safe).
final class CurlHandle: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    let multi: UnsafeMutableRawPointer
    /// Buffer for CURLOPT_ERRORBUFFER; lives as long as the handle.
    let errorBuffer: UnsafeMutablePointer<CChar>

    init?() {
        CurlGlobal.ensureInitialized()
        guard let easy = curl_easy_init() else { return nil }
        guard let multi = curl_multi_init() else {
            curl_easy_cleanup(easy)
            return nil
        }
        self.easy = easy
        self.multi = multi
        let size = Int(CURL_ERROR_SIZE) + 1
        errorBuffer = .allocate(capacity: size)
        errorBuffer.initialize(repeating: 0, count: size)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_multi_cleanup(multi)
        errorBuffer.deallocate()
    }

    /// The text libcurl left in the error buffer, if any.
    var errorText: String {
        String(cString: errorBuffer)
    }

    func clearError() {
        errorBuffer[0] = 0
    }
}
