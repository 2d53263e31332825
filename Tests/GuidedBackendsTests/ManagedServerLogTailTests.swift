import Foundation
import Testing

@testable import GuidedManagedServer

/// Issue 23: a managed llama-server that exited while starting had its whole log read for a
/// five-line tail (a 300 MB log cost 608 MB). Only the end of the file is read now.
@Suite struct ManagedServerLogTailTests {
    func logFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "guided-log-tail-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func theTailIsTheLastLinesOfALongLog() throws {
        let lines = (1...7).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let path = try logFile(Array(repeating: UInt8(ascii: "x"), count: 4 << 20) + Array(("\n" + lines).utf8))
        defer { unlink(path) }
        #expect(LogTail.lines(5, of: path) == "line 3 | line 4 | line 5 | line 6 | line 7")
    }

    @Test func theTailReadsOnlyTheEndOfTheFile() throws {
        // One 4 MiB line: reading the whole file would put all of it in the message.
        let path = try logFile(Array("start\n".utf8) + Array(repeating: UInt8(ascii: "y"), count: 4 << 20))
        defer { unlink(path) }
        let tail = LogTail.lines(5, of: path, window: 16 * 1024)
        #expect(tail.utf8.count <= 16 * 1024)
        #expect(tail.hasSuffix("yyyy") && !tail.contains("start"))
    }

    @Test func aShortLogIsReadWholeAndAMissingOneIsEmpty() throws {
        let path = try logFile(Array("main: loading model\nerror: couldn't bind\n".utf8))
        defer { unlink(path) }
        #expect(LogTail.lines(5, of: path) == "main: loading model | error: couldn't bind")
        #expect(LogTail.lines(5, of: path + ".missing") == "")
    }
}
