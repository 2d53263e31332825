import Foundation
import Testing

@testable import GuidedManagedServer

/// SHA-256 against FIPS 180-4's vectors and coreutils' `sha256sum`, whole and in pieces.
@Suite struct SHA256Tests {
    /// The hex digest of `bytes`, hashed in one piece.
    func digest(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return SHA256.hex(hasher.finalize())
    }

    /// `count` bytes of a xorshift sequence from `seed`: arbitrary bytes, quickly, even in debug builds.
    func pseudoRandomBytes(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// What `sha256sum` prints for each of `paths`, in order.
    func sha256sum(_ paths: [String]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", "--"] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return output.split(separator: "\n").map { String($0.prefix(64)) }
    }

    @Test func theNISTVectorsHashToTheirDigests() {
        let digests = ["", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"].map {
            digest(Array($0.utf8))
        }
        #expect(
            digests == [
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ])
    }

    @Test func oneMillionAsHashToTheNISTDigestWholeAndInPieces() {
        let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)) == expected)
        var hasher = SHA256()
        let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(thousand) }
        #expect(SHA256.hex(hasher.finalize()) == expected)
    }

    @Test func streamingInOddPiecesEqualsOneShot() {
        let bytes = pseudoRandomBytes(10_000)
        let whole = digest(bytes)
        for size in [1, 3, 7, 55, 56, 63, 64, 65, 127, 1000, 4097] {
            var hasher = SHA256()
            for start in stride(from: 0, to: bytes.count, by: size) {
                hasher.update(Array(bytes[start..<min(start + size, bytes.count)]))
            }
            #expect(SHA256.hex(hasher.finalize()) == whole, "pieces of \(size) bytes")
        }
        var fromData = SHA256()
        fromData.update(Data(bytes))
        #expect(SHA256.hex(fromData.finalize()) == whole)
    }

    @Test func finalizingStartsTheHasherOver() {
        var hasher = SHA256()
        hasher.update(Array("abc".utf8))
        let first = SHA256.hex(hasher.finalize())
        hasher.update(Array("abc".utf8))
        #expect(SHA256.hex(hasher.finalize()) == first)
        #expect(SHA256.hex(hasher.finalize()) == digest([]))
    }

    @Test func everyLengthAroundTheBlockBoundariesMatchesSha256sum() throws {
        let lengths = Array(0...130) + [1_000, 4_095, 4_096, 4_097]
        let files = try lengths.map { length in
            try TemporaryFile((0..<length).map { UInt8(truncatingIfNeeded: $0 * 7) })
        }
        defer { for file in files { file.remove() } }
        let expected = try sha256sum(files.map(\.path))
        #expect(try files.map { try SHA256.hexDigest(ofFile: $0.path) } == expected)
        #expect(try files.map { try SHA256.hexDigest(ofFile: $0.path, chunkSize: 7) } == expected)
        #expect(try files.map { try digest(Array(Data(contentsOf: URL(fileURLWithPath: $0.path)))) } == expected)
    }

    @Test func aFileOfManyChunksMatchesSha256sum() throws {
        let bytes = pseudoRandomBytes((9 << 20) + 13)
        let file = try TemporaryFile(bytes)
        defer { file.remove() }
        let expected = try sha256sum([file.path])
        #expect([try SHA256.hexDigest(ofFile: file.path)] == expected)
        #expect([try SHA256.hexDigest(ofFile: file.path, chunkSize: 65_537)] == expected)
    }

    @Test func aFileThatCannotBeReadNamesThePathAndTheReason() throws {
        let missing = NSTemporaryDirectory() + "guided-model-files-missing-\(getpid()).gguf"
        #expect(throws: ModelFileError(.unreadable, path: missing, "cannot open \(missing): No such file or directory"))
        {
            try SHA256.hexDigest(ofFile: missing)
        }
        let directory = NSTemporaryDirectory()
        #expect(throws: ModelFileError(.unreadable, path: directory, "cannot read \(directory): it is a directory")) {
            try SHA256.hexDigest(ofFile: directory)
        }
    }
}
