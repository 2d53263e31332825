import Foundation
import Guided
import Testing

@testable import GuidedManagedServer

/// The supervisor that keeps a shared server (`sharedIdleSeconds`) never outlives the cache it
/// was started from.
@Suite struct SharedServerSupervisorTests {
    /// A test's temporary cache is deleted while its shared server idles: `flock` could not make
    /// the users file again, which read as a lease held forever, so the server never stopped.
    @Test func aSupervisorWhoseUsersFileIsGoneStopsItsServerAtOnce() async throws {
        let root = NSTemporaryDirectory() + "guided-supervisor-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let servers = root + "/servers"
        try FileManager.default.createDirectory(atPath: servers, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let pidFile = root + "/server.pid"
        for file in ["users", "lock"] {
            _ = FileManager.default.createFile(atPath: servers + "/" + file, contents: nil)
        }
        let supervisor = Process()
        supervisor.executableURL = URL(fileURLWithPath: "/bin/sh")
        supervisor.arguments = [
            "-c", SharedServer.supervisorScript, "sh", servers + "/users", servers + "/lock", servers + "/found.json",
            "600", "/bin/sh", "-c", "echo $$ > '\(pidFile)'; exec sleep 600",
        ]
        try supervisor.run()
        var server: pid_t?
        let started = ContinuousClock.now + .seconds(30)
        while server == nil, ContinuousClock.now < started {
            try await Task.sleep(for: .milliseconds(50))
            server = (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        let serverPID = try #require(server, "the stand-in server never started")
        try await Task.sleep(for: .seconds(2))
        #expect(supervisor.isRunning, "with its users file there and an idle time of 600 s, it keeps the server")
        try FileManager.default.removeItem(atPath: servers)
        let stopped = ContinuousClock.now + .seconds(30)
        while supervisor.isRunning, ContinuousClock.now < stopped { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!supervisor.isRunning, "the supervisor outlived its cache")
        let gone = ContinuousClock.now + .seconds(10)
        while kill(serverPID, 0) == 0, !Self.isZombie(serverPID), ContinuousClock.now < gone {
            try await Task.sleep(for: .milliseconds(100))
        }
        let left = kill(serverPID, 0) == 0 && !Self.isZombie(serverPID)
        if left { kill(serverPID, SIGKILL) }
        if supervisor.isRunning { supervisor.terminate() }
        #expect(!left, "the server outlived its supervisor")
    }

    static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
