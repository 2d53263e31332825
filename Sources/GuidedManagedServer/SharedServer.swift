import Foundation
import GuidedLlamaServer

/// One llama-server shared by this user's processes that start it with the same settings
/// (``ManagedLlamaServerBackend/Settings/sharedIdle``), found through files in the cache's
/// `servers` folder (this user's own, mode 0700), each named by a key of the binary and its arguments:
/// - `KEY.lock`: held (`flock`, exclusive) by the process starting or joining the server, and by
///   the supervisor while it decides to stop it, so a join and a stop never cross;
/// - `KEY.json`: the running server's port and its supervisor's process id, written once it serves;
/// - `KEY.users`: each process using the server holds a shared `flock` on it — the kernel lets go
///   of it when the process exits, however it exits;
/// - `KEY.log`: the server's log.
///
/// The server runs under a supervisor (`/bin/sh`) in a session of its own, so it outlives the
/// process that started it; the supervisor checks every second whether anyone holds a lease and
/// stops the server once nobody has for the idle time, and removes `KEY.json`.
struct SharedServer: Sendable {
    let lockPath: String
    let usersPath: String
    let foundPath: String
    let logPath: String

    /// The files for `binary` run with `arguments` (the port left out), in `cache`'s `servers`
    /// folder; nil when that folder cannot be made this user's own.
    init?(cache: String, binary: String, arguments: [String]) {
        try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        guard let servers = SlotLocks.ownFolder(cache + "/servers") else { return nil }
        let key = Self.key([binary] + arguments)
        lockPath = "\(servers)/\(key).lock"
        usersPath = "\(servers)/\(key).users"
        foundPath = "\(servers)/\(key).json"
        logPath = "\(servers)/\(key).log"
    }

    /// 64-bit FNV-1a of the words, each ended by a NUL, in hexadecimal.
    static func key(_ words: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for word in words {
            for byte in Array(word.utf8) + [0] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return String(hash, radix: 16)
    }

    /// The start lock, waited for until `deadline` (another process may be starting the server);
    /// nil when it could not be had by then.
    func lockStart(until deadline: ContinuousClock.Instant) async -> SlotLocks.Held? {
        while ContinuousClock.now < deadline {
            if let lock = Self.lock(lockPath, LOCK_EX) { return lock }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return nil
    }

    /// A lease on the server: a shared lock on the users file, for as long as it is held.
    func lease() -> SlotLocks.Held? { Self.lock(usersPath, LOCK_SH) }

    private static func lock(_ path: String, _ operation: Int32) -> SlotLocks.Held? {
        SlotLocks.lockedFile(path, operation).map { SlotLocks.Held([$0]) }
    }

    /// The running server's port and supervisor, as `KEY.json` says; nil when there is none or
    /// its supervisor is gone.
    func discovered() -> (port: Int, supervisor: pid_t)? {
        guard let data = FileManager.default.contents(atPath: foundPath),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let port = object["port"] as? Int, let supervisor = object["supervisor"] as? Int,
            kill(pid_t(supervisor), 0) == 0
        else { return nil }
        return (port, pid_t(supervisor))
    }

    /// Records the server that now serves on `port` under `supervisor`.
    func record(port: Int, supervisor: pid_t) {
        let text = #"{"port":\#(port),"supervisor":\#(supervisor)}"#
        try? text.write(toFile: foundPath, atomically: true, encoding: .utf8)
    }

    /// Forgets a recorded server that no longer serves.
    func forget() { unlink(foundPath) }

    /// The supervisor's script: runs the server (its arguments after the first four), checks
    /// every second for a lease, and stops it after `idle` seconds without one — holding the
    /// start lock while it decides, so nobody joins a server that is stopping. A users file that
    /// is gone (its cache folder deleted, as a test's temporary cache is) stops it at once: no
    /// process can hold a lease on it any more, and `flock` failing to make it again read as a
    /// lease held forever.
    static let supervisorScript = """
        users="$1"; lock="$2"; found="$3"; idle="$4"; shift 4
        "$@" &
        server=$!
        trap 'kill -TERM "$server" 2>/dev/null; rm -f "$found"; exit 0' TERM INT HUP
        quiet=0
        while kill -0 "$server" 2>/dev/null; do
          sleep 1
          if [ ! -e "$users" ]; then kill -TERM "$server" 2>/dev/null; sleep 2; kill -KILL "$server" 2>/dev/null; exit 0; fi
          if flock -n -x "$users" true; then quiet=$((quiet + 1)); else quiet=0; fi
          if [ "$quiet" -ge "$idle" ] && flock -n -x "$lock" sh -c 'flock -n -x "$1" true && rm -f "$2"' sh "$users" "$found"; then
            kill -TERM "$server" 2>/dev/null; sleep 2; kill -KILL "$server" 2>/dev/null; exit 0
          fi
        done
        rm -f "$found"
        """
}

/// This process's lease on a shared server (see ``SharedServer``).
final class SharedServerLease: ServerHandle {
    let port: Int
    private let supervisor: pid_t
    private let lease: SlotLocks.Held

    init(port: Int, supervisor: pid_t, lease: SlotLocks.Held) {
        self.port = port
        self.supervisor = supervisor
        self.lease = lease
    }

    /// Whether its supervisor (and so the server) is still there.
    var isRunning: Bool { kill(supervisor, 0) == 0 }

    /// Gives the lease back; the server is the supervisor's to stop.
    func stop() { lease.release() }
}
