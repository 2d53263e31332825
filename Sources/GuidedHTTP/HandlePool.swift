import Synchronization

/// A small stack of idle ``CurlHandle``s, so sequential requests reuse both the
/// handle and its open keep-alive connection.
final class HandlePool: Sendable {
    private let idle = Mutex<[CurlHandle]>([])
    private let maximumIdle: Int

    init(maximumIdle: Int) {
        self.maximumIdle = maximumIdle
    }

    /// The most recently returned idle handle (most likely to hold a live
    /// connection), or a new one; `nil` if libcurl cannot create one.
    func checkOut() -> CurlHandle? {
        if let handle = idle.withLock({ $0.popLast() }) {
            return handle
        }
        return CurlHandle()
    }

    /// Returns a handle; beyond `maximumIdle` it is released (closing its connections).
    func checkIn(_ handle: CurlHandle) {
        let surplus: CurlHandle? = idle.withLock { handles in
            guard handles.count < maximumIdle else { return handle }
            handles.append(handle)
            return nil
        }
        _ = surplus // released here, outside the lock
    }
}
