#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking libcurl work on its own OS thread, off Swift's cooperative pool.
enum DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread; if no thread can be created, runs it inline.
    static func run(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body))
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let result = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
                return nil
            }, box.toOpaque())
        if result == 0 {
            #if canImport(Darwin)
                if let thread { pthread_detach(thread) }
            #else
                pthread_detach(thread)
            #endif
        } else {
            box.takeRetainedValue().body()
        }
    }
}
