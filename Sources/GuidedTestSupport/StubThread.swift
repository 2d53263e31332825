#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Joinable OS threads for the stub server, so `stop()` can wait for every one.
enum StubThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new joinable thread.
    /// - Returns: The thread, or `nil` if it could not be created.
    static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let box = Unmanaged.passRetained(Box(body))
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, box.toOpaque())
        guard result == 0 else {
            box.release()
            return nil
        }
        return thread
    }

    /// Waits for `thread` to end.
    static func join(_ thread: pthread_t) {
        pthread_join(thread, nil)
    }
}
