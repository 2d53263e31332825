import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// A small open-file limit (`ulimit -n`) crashed guided at 10 (a trap in Foundation's run loop
/// as it spawned the server) and, at 16 to 128, printed a raw CFSocket warning and "Bad file
/// descriptor". Now the soft limit is raised toward the hard one before anything is spawned, and
/// a hard limit too small is a typed reason that names it.
@Suite(.ownThreads) struct OpenFileLimitTests {
    /// A `managed-llama-server` configuration whose binary is a stand-in that fails at once, so
    /// a spawn that works ends with the stand-in's words, not a live server.
    static func configuration() throws -> String {
        let folder = NSTemporaryDirectory() + "guided-nofile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let binary = folder + "/stand-in"
        try "#!/bin/sh\necho 'E the stand-in serves nothing'\nexit 1\n".write(
            toFile: binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        try StandInModel.write(to: folder + "/model.gguf")
        return try GuidedCommandTests.temporaryFile(
            "nofile.json",
            #"{"backends":[{"name":"embedded","kind":"managed-llama-server","binary":"\#(binary)","model":"\#(folder)/model.gguf"}]}"#
        )
    }

    static func respond(underLimit limit: String) throws -> ExecutableRun {
        let guided = try #require(GuidedCommandTests.builtProduct("guided"))
        return try ExecutableRun.run(
            "/usr/bin/prlimit",
            ["--nofile=\(limit)", guided, "respond", "--prompt", "Hi", "--config", configuration()],
            directory: GuidedCommandTests.repository)
    }

    @Test(arguments: ["10:10", "16:16", "128:128"])
    func aHardLimitTooSmallIsATypedReasonNamingIt(_ limit: String) throws {
        let run = try Self.respond(underLimit: limit)
        let soft = limit.split(separator: ":")[0]
        #expect(run.status == 3, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "embedded: unhealthy — the open-file limit is \(soft) (hard limit \(soft)); starting llama-server needs at least 256"
            ),
            "\(run.stderr)")
        #expect(!run.stderr.contains("CFSocket"), "\(run.stderr)")
    }

    @Test func aSmallSoftLimitUnderALargerHardOneIsRaisedAndTheServerIsSpawned() throws {
        let run = try Self.respond(underLimit: "10:4096")
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("the stand-in serves nothing"), "the stand-in ran: \(run.stderr)")
        #expect(!run.stderr.contains("CFSocket") && !run.stderr.contains("Bad file descriptor"), "\(run.stderr)")
    }
}
