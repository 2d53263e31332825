import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One run of a command in a child process, measured from outside: how it ended, its wall time
/// and its peak resident memory (the child's own `ru_maxrss`, from `wait4`). Standard output and
/// error go to files, so a large grammar never sits in a pipe.
struct MeasuredRun {
    enum End: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case killedAfter(Double)
    }

    var end: End
    var seconds: Double
    var peakMegabytes: Double
    var stdoutPath: String
    var stderr: String

    /// Runs `path` with `arguments` (standard input from /dev/null); kills it after `timeout` seconds.
    static func run(_ path: String, _ arguments: [String], outputIn directory: String, timeout: Double) -> MeasuredRun {
        let stdoutPath = directory + "/stdout"
        let stderrPath = directory + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let started = ContinuousClock.now
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
            return MeasuredRun(
                end: .exited(127), seconds: 0, peakMegabytes: 0, stdoutPath: stdoutPath, stderr: "cannot run \(path)")
        }
        var status: Int32 = 0
        var usage = rusage()
        var killedAfter: Double?
        while wait4(pid, &status, WNOHANG, &usage) != pid {
            if killedAfter == nil, Self.seconds(since: started) > timeout {
                kill(pid, SIGKILL)
                killedAfter = timeout
            }
            usleep(1000)
        }
        let seconds = Self.seconds(since: started)
        let end: End
        if let killedAfter {
            end = .killedAfter(killedAfter)
        } else if status & 0x7f == 0 {
            end = .exited((status >> 8) & 0xff)
        } else {
            end = .signalled(status & 0x7f)
        }
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return MeasuredRun(
            end: end, seconds: seconds, peakMegabytes: Double(usage.ru_maxrss) / 1024, stdoutPath: stdoutPath,
            stderr: stderr)
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
