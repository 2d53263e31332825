import Foundation
import Testing

@testable import GuidedManagedServer

/// Files that are not GGUF, or break it: each gives a typed error that names the byte offset,
/// and none crashes, hangs or takes memory out of proportion.
@Suite struct GGUFBadInputTests {
    typealias B = GGUFBytes

    /// A bad file and the error it gives (its path is filled in by the test).
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let code: ModelFileError.Code
        let offset: Int
        let message: String
        var testDescription: String { name }
    }

    /// A file whose one entry is key `k` followed by `rest` (the type tag and the value).
    static func oneKey(_ rest: [UInt8]) -> [UInt8] {
        B.file([B.string("k") + rest])
    }

    /// The byte offset just past the header and the key `k`: 24 + 8 + 1.
    static let afterKey = 33

    /// Every kind of bad file, with its exact error.
    static let cases: [Case] = [
        Case(
            name: "a zip archive", bytes: Array("PK\u{3}\u{4}".utf8) + [UInt8](repeating: 0, count: 20), code: .notGGUF,
            offset: 0, message: "the file starts with 50 4b 03 04 (\"PK..\"), not GGUF's magic \"GGUF\""),
        Case(
            name: "an empty file", bytes: [], code: .truncated, offset: 0,
            message: "the file ends inside the magic: it holds 0 bytes, where GGUF's magic alone takes 4"),
        Case(
            name: "half a magic", bytes: Array("GG".utf8), code: .truncated, offset: 0,
            message: "the file ends inside the magic: it holds 2 bytes, where GGUF's magic alone takes 4"),
        Case(
            name: "version 1", bytes: B.file(version: 1, []), code: .unsupportedVersion, offset: 4,
            message: "the file is GGUF version 1, the first format, with 32-bit lengths; versions 2 and 3 are read"),
        Case(
            name: "version 4", bytes: B.file(version: 4, []), code: .unsupportedVersion, offset: 4,
            message: "the file is GGUF version 4; versions 2 and 3 are read"),
        Case(
            name: "big-endian", bytes: B.file(version: UInt32(3).byteSwapped, []), code: .unsupportedVersion, offset: 4,
            message: "the file is big-endian GGUF (version 3); only little-endian files are read"),
        Case(
            name: "a cut header", bytes: Array(B.file([]).prefix(20)), code: .truncated, offset: 16,
            message: "the file ends inside the header's key/value count: it needs 8 bytes at byte 16, and 4 remain"),
        Case(
            name: "an absurd tensor count", bytes: B.file(tensorCount: .max, []), code: .malformed, offset: 8,
            message: "the header declares 18446744073709551615 tensors at byte 8, an impossible count"),
        Case(
            name: "over a million keys", bytes: B.file(keyCount: 1_000_001, []), code: .malformed, offset: 16,
            message: "the header declares 1000001 key/value pairs at byte 16, over the limit of 1,000,000"),
        Case(
            name: "fewer keys than counted", bytes: B.file(keyCount: 2, [B.entry("k", .bool(true))]), code: .truncated,
            offset: 38, message: "the file ends inside the key of entry 1: it needs 8 bytes at byte 38, and 0 remain"),
        Case(
            name: "a key over 16 MiB", bytes: B.file(keyCount: 1, [B.integer(UInt64(16 << 20) + 1)]), code: .malformed,
            offset: 24, message: "the key of entry 0, at byte 24, claims 16777217 bytes; strings stop at 16 MiB"),
        Case(
            name: "a key that is not UTF-8",
            bytes: B.file([B.string([0xC3, 0x28]) + B.entry("", .bool(true)).suffix(5)]),
            code: .malformed, offset: 24, message: "the key of entry 0, at byte 24, is not UTF-8"),
        Case(
            name: "a duplicate key", bytes: B.file([B.entry("k", .bool(true)), B.entry("k", .bool(false))]),
            code: .malformed, offset: 38, message: "the key k comes a second time at byte 38"),
        Case(
            name: "an unknown value type", bytes: oneKey(B.integer(UInt32(13))), code: .malformed, offset: afterKey,
            message: "the type of key k, at byte 33, is 13, not a GGUF value type (0 to 12)"),
        Case(
            name: "a value cut short", bytes: oneKey(B.type(.uint64) + [1, 2, 3]), code: .truncated, offset: 37,
            message: "the file ends inside the value of key k: it needs 8 bytes at byte 37, and 3 remain"),
        Case(
            name: "a string value over 16 MiB", bytes: oneKey(B.type(.string) + B.integer(UInt64.max)),
            code: .malformed, offset: 37,
            message: "the value of key k, at byte 37, claims 18446744073709551615 bytes; strings stop at 16 MiB"),
        Case(
            name: "a string value past the end", bytes: oneKey(B.type(.string) + B.integer(UInt64(100)) + [1, 2, 3]),
            code: .truncated, offset: 45,
            message: "the file ends inside the value of key k: it needs 100 bytes at byte 45, and 3 remain"),
        Case(
            name: "an unknown element type", bytes: oneKey(B.type(.array) + B.integer(UInt32(99))), code: .malformed,
            offset: 37,
            message: "the element type of the array of key k, at byte 37, is 99, not a GGUF value type (0 to 12)"),
        Case(
            name: "an array that cannot fit",
            bytes: oneKey(B.type(.array) + B.arrayBody(.uint32, [], count: 1000) + [0]),
            code: .malformed, offset: 41,
            message:
                "the array of key k declares 1000 u32 elements at byte 41; the 1 bytes left in the file cannot hold them"
        ),
        Case(
            name: "an array of absurd count", bytes: oneKey(B.type(.array) + B.arrayBody(.string, [], count: .max)),
            code: .malformed, offset: 41,
            message:
                "the array of key k declares 18446744073709551615 string elements at byte 41; "
                + "the 0 bytes left in the file cannot hold them"),
        Case(
            name: "an element over 16 MiB",
            bytes: oneKey(
                B.type(.array)
                    + B.arrayBody(
                        .string, [B.string("a"), B.integer(UInt64(1) << 40), [UInt8](repeating: 0, count: 16)])),
            code: .malformed, offset: 58,
            message:
                "the length of element 1 of the array of key k, at byte 58, claims 1099511627776 bytes; strings stop at 16 MiB"
        ),
        Case(
            name: "arrays four deep",
            bytes: oneKey(
                B.type(.array)
                    + B.arrayBody(.array, [B.arrayBody(.array, [B.arrayBody(.array, [B.arrayBody(.uint8, [[1]])])])])),
            code: .malformed, offset: 73,
            message: "element 0 of element 0 of the array of key k nests arrays more than 3 deep, at byte 73"),
    ]

    @Test(arguments: cases) func aBadFileGivesItsError(_ c: Case) throws {
        let file = try TemporaryFile(c.bytes, suffix: ".gguf")
        defer { file.remove() }
        #expect(throws: ModelFileError(c.code, path: file.path, offset: c.offset, c.message)) {
            try GGUFMetadata.read(file: file.path)
        }
    }

    @Test func stringsPastTheLimitOfKeptBytesAreMalformed() throws {
        let file = try TemporaryFile(
            B.file([B.entry("a", .string(String(repeating: "x", count: 40))), B.entry("b", .string("yy"))]),
            suffix: ".gguf")
        defer { file.remove() }
        var reader = try GGUFReader(path: file.path)
        var parser = GGUFParser()
        parser.keptBytesLimit = 43
        #expect(
            throws: ModelFileError(
                .malformed, path: file.path, offset: 106,
                "the metadata's strings pass the limit of 43 bytes at byte 106")
        ) { try parser.metadata(from: &reader) }
    }

    @Test func aMissingFileADirectoryOrAFIFOIsUnreadable() throws {
        let missing = NSTemporaryDirectory() + "guided-model-files-missing-\(getpid()).gguf"
        #expect(throws: ModelFileError(.unreadable, path: missing, "cannot open \(missing): No such file or directory"))
        {
            try GGUFMetadata.read(file: missing)
        }
        let directory = NSTemporaryDirectory()
        #expect(throws: ModelFileError(.unreadable, path: directory, "cannot read \(directory): it is a directory")) {
            try GGUFMetadata.read(file: directory)
        }
        let fifo = NSTemporaryDirectory() + "guided-model-files-fifo-\(getpid())"
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: ModelFileError(.unreadable, path: fifo, "cannot read \(fifo): it is not a regular file")) {
            try GGUFMetadata.read(file: fifo)
        }
    }
}
