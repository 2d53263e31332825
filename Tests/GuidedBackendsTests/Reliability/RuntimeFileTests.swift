import Foundation
import Guided
import GuidedJSON
import GuidedManagedServer
import Testing

/// The managed server's binary named in a hand-edited `runtime.env` (CRLF, `export`, quotes,
/// spaces around `=`) is found as from the plain file; a line that cannot be read is named, for
/// the reason the embedded backend gives, instead of a bare "not found".
@Suite struct RuntimeFileTests {
    /// A cache folder whose `runtime.env` is `text` (with `BINARY` replaced by an executable's
    /// path), and that executable.
    static func cache(_ text: String) throws -> (folder: String, binary: String) {
        let folder = NSTemporaryDirectory() + "guided-runtime-env-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let binary = folder + "/llama server"
        try "#!/bin/sh\nexit 1\n".write(toFile: binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
        try text.replacingOccurrences(of: "BINARY", with: binary)
            .write(toFile: folder + "/runtime.env", atomically: true, encoding: .utf8)
        return (folder, binary)
    }

    static func locator(_ folder: String) -> ManagedServerLocator {
        ManagedServerLocator(environment: ["GUIDED_CACHE": folder, "HOME": "/nowhere", "PATH": "/nowhere"])
    }

    @Test(arguments: [
        "GUIDED_LLAMA_SERVER=BINARY\r\nGUIDED_MODELS=/m\r\n",
        "export GUIDED_LLAMA_SERVER=\"BINARY\"\n",
        "GUIDED_LLAMA_SERVER = 'BINARY'\n",
        "# set up by hand\n\n  export GUIDED_LLAMA_SERVER='BINARY'  \n",
    ])
    func aHandEditedRuntimeFileNamesTheBinaryAsThePlainOneDoes(_ text: String) throws {
        let cache = try Self.cache(text)
        defer { try? FileManager.default.removeItem(atPath: cache.folder) }
        #expect(Self.locator(cache.folder).serverBinary(configured: nil) == cache.binary)
    }

    /// What the embedded backend's `binaryMissing` reason quotes when nothing else finds a binary.
    @Test func aLineThatIsNotKeyEqualsValueIsNamedNotGuessedAt() throws {
        let cache = try Self.cache("GUIDED_LLAMA_SERVER: BINARY\n")
        defer { try? FileManager.default.removeItem(atPath: cache.folder) }
        let locator = Self.locator(cache.folder)
        #expect(locator.serverBinary(configured: nil) != cache.binary)
        #expect(
            locator.runtimeFile?.problems == ["\(cache.folder)/runtime.env:1: GUIDED_LLAMA_SERVER: \(cache.binary)"])
    }
}
