import CCurl
import CCurlShims

/// Typed `curl_easy_setopt` calls through the non-variadic shims; remembers the first failure.
struct EasyOptions {
    let easy: UnsafeMutableRawPointer
    private(set) var firstFailure: CURLcode?

    init(_ easy: UnsafeMutableRawPointer) {
        self.easy = easy
    }

    mutating func set(_ option: CURLoption, _ value: Int) {
        record(guided_curl_easy_setopt_long(easy, option, value))
    }

    /// libcurl copies string options (all but POSTFIELDS, which is not used here).
    mutating func set(_ option: CURLoption, _ value: String) {
        let result = value.withCString { guided_curl_easy_setopt_string(easy, option, $0) }
        record(result)
    }

    mutating func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) {
        record(guided_curl_easy_setopt_pointer(easy, option, pointer))
    }

    mutating func set(_ option: CURLoption, offset: Int64) {
        record(guided_curl_easy_setopt_off_t(easy, option, curl_off_t(offset)))
    }

    mutating func set(_ option: CURLoption, callback: guided_curl_data_callback) {
        record(guided_curl_easy_setopt_data_callback(easy, option, callback))
    }

    mutating func setProgress(_ callback: guided_curl_xferinfo_callback) {
        record(guided_curl_easy_setopt_xferinfo_callback(easy, callback))
    }

    /// Sends `bytes` as the body with CURLOPT_COPYPOSTFIELDS (libcurl keeps its own copy).
    mutating func setBody(_ bytes: [UInt8]) {
        set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(bytes.count))
        let result = bytes.withUnsafeBytes { buffer -> CURLcode in
            if let base = buffer.baseAddress {
                return guided_curl_easy_setopt_pointer(
                    easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            }
            return guided_curl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, "")
        }
        record(result)
    }

    private mutating func record(_ result: CURLcode) {
        if result != CURLE_OK && firstFailure == nil {
            firstFailure = result
        }
    }
}
