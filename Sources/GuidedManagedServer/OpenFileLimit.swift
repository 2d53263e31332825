#if canImport(Glibc)
    import Glibc
#endif

/// The open-file limit (`ulimit -n`) a server start needs. Foundation's `Process` cannot spawn
/// under a small one: at 16 it printed a raw "Could not create wakeup socket pair for CFSocket"
/// and failed with "Bad file descriptor", at 10 it crashed guided (a trap in its run loop), and
/// at 128 it still failed; 256 works. So before anything is spawned the soft limit is raised
/// toward the hard one, as a process may, and a hard limit below the need is a typed reason.
enum OpenFileLimit {
    /// The smallest limit a start was seen to work under.
    static let needed: UInt = 256

    /// Nil when the limit is (or could be raised to) at least ``needed``; else why not.
    static func problem() -> String? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        guard limit.rlim_cur < rlim_t(needed) else { return nil }
        if limit.rlim_max >= rlim_t(needed) {
            var raised = limit
            raised.rlim_cur = rlim_t(needed)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return nil }
        }
        return "the open-file limit is \(limit.rlim_cur) (hard limit \(limit.rlim_max)); starting llama-server "
            + "needs at least \(needed): raise it (ulimit -n \(needed))"
    }
}
