import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The probe's FIFOs and sockets where guided opens or writes a file (`cases_hangs_config`,
/// `fifo-*`): `./guided.json` a link to a FIFO or a bound socket; `compile --out` targets that are
/// FIFOs or links to one, an `--out` that is itself a FIFO; a fallback template that is a FIFO.
/// Each is refused at once, naming what is wrong, never a read or write blocked on a pipe nobody
/// opens (the probe waits 10 s).
@Suite(.ownThreads) struct ProbeFileKindTests {
    /// The probe's configuration whose notification fallback is the FIFO `template.json` beside it.
    static let templateConfiguration =
        #"{"backends":[{"name":"b","kind":"llama-server","url":"{dead}","timeoutSeconds":8,"idleTimeoutSeconds":4}],"#
        + #""outputs":{"RewrittenNotification":{"fallback":{"template":"template.json"}}}}"#

    /// What the probe expects of most of them: a usage error naming the file kind.
    static let notRegular = "not a regular file|FIFO"

    static let cases: [ProbeCase] = [
        ProbeCase(
            name: "fifo-implicit-config-symlink-to-fifo", arguments: ["backends"],
            files: ["fifo.json": .fifo, "guided.json": .link("{dir}/fifo.json")], runsInFolder: true, exits: [2],
            stderr: notRegular, seconds: 10),
        ProbeCase(
            name: "fifo-compile-out-fifo-json-schema",
            arguments: ["compile", ProbeCase.notification, "--out", "{dir}", "--format", "json-schema"],
            files: ["RewrittenNotification.schema.json": .fifo, "RewrittenNotification.json": .fifo], exits: [2],
            stderr: notRegular, seconds: 10),
        ProbeCase(
            name: "fifo-compile-out-symlink-to-fifo", arguments: ["compile", ProbeCase.notification, "--out", "{dir}"],
            files: ["fifo.json": .fifo, "RewrittenNotification.gbnf": .link("{dir}/fifo.json")], exits: [2],
            stderr: notRegular, seconds: 10),
        ProbeCase(
            name: "fifo-compile-out-dir-is-fifo",
            arguments: ["compile", ProbeCase.notification, "--out", "{dir}/fifo.json"], files: ["fifo.json": .fifo],
            exits: [2, 4], stderr: "error", seconds: 10),
        ProbeCase(
            name: "fifo-config-template-fifo", arguments: ProbeCase.generate(config: "{dir}/g.json"),
            files: ["template.json": .fifo, "g.json": .text(templateConfiguration)], exits: [2], stderr: "template",
            seconds: 10),
    ]

    @Test(arguments: cases) func aFIFOWhereAFileBelongsIsRefusedWithoutBlocking(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }

    /// fifo-implicit-config-socket: `./guided.json` a bound `AF_UNIX` socket.
    @Test func aSocketAsTheImplicitConfigurationIsRefused() throws {
        let probe = ProbeCase(
            name: "fifo-implicit-config-socket", arguments: ["backends"], runsInFolder: true, exits: [2],
            stderr: Self.notRegular, seconds: 10)
        let folder = NSTemporaryDirectory() + "guided-probe-socket-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listener = try Self.boundSocket(at: folder + "/guided.json")
        defer { close(listener) }
        let guided = try #require(GuidedCommandTests.builtProduct("guided"))
        let run = try ExecutableRun.run(
            guided, probe.arguments, directory: folder, stdinPath: "/dev/null", timeout: .seconds(probe.seconds))
        try probe.verify(run)
    }

    /// A stream socket bound (not listening) at `path`, as the probe's `socket.bind` leaves it: a
    /// socket file in the folder. The caller closes the descriptor.
    static func boundSocket(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0, "socket: errno \(errno)")
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "too long for a socket: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0, "bind \(path): errno \(errno)")
        return descriptor
    }
}
