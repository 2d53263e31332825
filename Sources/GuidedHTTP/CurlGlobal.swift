import CCurlShims

/// Process-wide libcurl initialisation, done once, before the first handle.
enum CurlGlobal {
    /// Evaluated once, thread-safely, by the Swift runtime on first use.
    static let initialized: Bool = guided_curl_global_init().rawValue == 0

    /// Makes sure `curl_global_init` has run.
    static func ensureInitialized() {
        _ = initialized
    }
}
