import CCurl
import CCurlShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Transfer {
    /// Applies the request to a freshly reset easy handle.
    ///
    /// - Returns: The header list, which must outlive the transfer, and the
    ///   first option libcurl rejected (if any).
    func configure(_ handle: CurlHandle) -> (headers: UnsafeMutablePointer<curl_slist>?, failure: CURLcode?) {
        var options = EasyOptions(handle.easy)
        let userdata = Unmanaged.passUnretained(self).toOpaque()

        options.set(CURLOPT_URL, request.url)
        options.set(CURLOPT_PROTOCOLS_STR, "http,https")
        options.set(CURLOPT_NOSIGNAL, 1)
        options.set(CURLOPT_FOLLOWLOCATION, 0)
        options.set(CURLOPT_SSL_VERIFYPEER, 1)
        options.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let authorities = request.certificateAuthorities {
            // Only this file: no system CA directory beside it.
            options.set(CURLOPT_CAINFO, authorities)
            options.set(CURLOPT_CAPATH, pointer: nil)
        }
        options.set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
        options.set(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
        // Refuse up front a body whose announced Content-Length is over the limit.
        options.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(request.maximumResponseBytes))
        options.set(CURLOPT_NOPROXY, Self.noProxyList())
        options.set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(handle.errorBuffer))

        options.set(CURLOPT_WRITEDATA, pointer: userdata)
        options.set(
            CURLOPT_WRITEFUNCTION,
            callback: { data, size, count, userdata in
                guard let userdata else { return 0 }
                let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
                return transfer.didReceiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
            })
        options.set(CURLOPT_HEADERDATA, pointer: userdata)
        options.set(
            CURLOPT_HEADERFUNCTION,
            callback: { data, size, count, userdata in
                guard let userdata else { return 0 }
                let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
                return transfer.didReceiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
            })
        options.set(CURLOPT_NOPROGRESS, 0)
        options.set(CURLOPT_XFERINFODATA, pointer: userdata)
        options.setProgress { userdata, _, _, _, _ in
            guard let userdata else { return 0 }
            return Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue().shouldAbort() ? 1 : 0
        }

        configureMethod(&options)
        let headers = headerList()
        options.set(CURLOPT_HTTPHEADER, pointer: headers.map { UnsafeMutableRawPointer($0) })
        return (headers, options.firstFailure)
    }

    private func configureMethod(_ options: inout EasyOptions) {
        let method = request.method
        if method == "HEAD" {
            options.set(CURLOPT_NOBODY, 1)
        } else if let body = request.body ?? (method == "POST" ? [] : nil) {
            options.setBody(body)
            if method != "POST" {
                options.set(CURLOPT_CUSTOMREQUEST, method)
            }
        } else {
            options.set(CURLOPT_HTTPGET, 1)
            if method != "GET" {
                options.set(CURLOPT_CUSTOMREQUEST, method)
            }
        }
    }

    /// `Name: value` lines; `Name;` sends an empty value. An empty `Expect:`
    /// stops libcurl from waiting for `100 Continue` before large bodies.
    private func headerList() -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        func append(_ line: String) {
            if let extended = curl_slist_append(list, line) {
                list = extended
            }
        }
        for header in request.headers {
            append(header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)")
        }
        if request.headers.value(forHeader: "Expect") == nil {
            append("Expect:")
        }
        return list
    }

    /// Proxies from `http_proxy`/`https_proxy` stay honoured, but never for the
    /// loopback servers this client mostly talks to. Setting CURLOPT_NOPROXY
    /// overrides the `no_proxy` variable, so its entries are carried over.
    static func noProxyList() -> String {
        let loopback = "localhost,127.0.0.1,::1"
        guard let inherited = getenv("no_proxy") ?? getenv("NO_PROXY") else { return loopback }
        let value = String(cString: inherited)
        return value.isEmpty ? loopback : value + "," + loopback
    }

    /// Whole milliseconds, at least 1; `0` (no limit in libcurl) for non-positive durations.
    static func milliseconds(_ duration: Duration) -> Int {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let total = seconds.multipliedReportingOverflow(by: 1000)
        guard !total.overflow else { return Int.max }
        return max(1, Int(total.partialValue + attoseconds / 1_000_000_000_000_000))
    }
}
