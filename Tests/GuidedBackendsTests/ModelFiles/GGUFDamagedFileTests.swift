import Testing

@testable import GuidedManagedServer

/// Valid GGUF files cut short or with bytes changed: each gives an error or metadata, never a
/// crash or a hang.
@Suite struct GGUFDamagedFileTests {
    typealias B = GGUFBytes

    /// The error of reading the file at `path`, or nil when it reads.
    func error(reading path: String) -> ModelFileError? {
        do {
            _ = try GGUFMetadata.read(file: path)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [UInt32(2), 3]) func aFileCutAtEveryByteIsTruncatedOrMalformed(version: UInt32) throws {
        let bytes = GGUFMetadataTests.everyKind(version: version).bytes
        let file = try TemporaryFile([], suffix: ".gguf")
        defer { file.remove() }
        var codes: [ModelFileError.Code: Int] = [:]
        for length in 0..<bytes.count {
            try file.write(Array(bytes.prefix(length)))
            guard let error = error(reading: file.path) else {
                Issue.record("a file cut at byte \(length) of \(bytes.count) reads")
                continue
            }
            #expect([.truncated, .malformed].contains(error.code), "cut at \(length): \(error)")
            #expect(error.path == file.path && (0...length).contains(error.offset ?? -1), "cut at \(length): \(error)")
            codes[error.code, default: 0] += 1
        }
        #expect(codes[.truncated, default: 0] > bytes.count / 2, "\(codes)")
    }

    @Test func aLargeFileCutInsideItsArraysOrTemplateIsTruncatedOrMalformed() throws {
        let template = String(repeating: "{{ message.content }}", count: 10_000)
        let bytes = B.file([
            B.arrayEntry("tokenizer.ggml.tokens", .string, (0..<50_000).map { B.string("t\($0)") }),
            B.entry("tokenizer.chat_template", .string(template)),
        ])
        let file = try TemporaryFile([], suffix: ".gguf")
        defer { file.remove() }
        for length in [70_000, 200_000, 400_000, bytes.count - 100_000, bytes.count - 1] {
            try file.write(Array(bytes.prefix(length)))
            let code = error(reading: file.path)?.code
            #expect(code == .truncated || code == .malformed, "cut at \(length): \(String(describing: code))")
        }
        try file.write(bytes)
        #expect(try GGUFMetadata.read(file: file.path).chatTemplate == template)
    }

    @Test func bytesChangedAtRandomGiveAnErrorOrMetadata() throws {
        let bytes = GGUFMetadataTests.everyKind(version: 3).bytes
        let file = try TemporaryFile([], suffix: ".gguf")
        defer { file.remove() }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var outcomes: [String: Int] = [:]
        for _ in 0..<1000 {
            var damaged = bytes
            for _ in 0..<3 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                damaged[Int(state % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: state >> 32)
            }
            try file.write(damaged)
            outcomes[error(reading: file.path)?.codeName ?? "read", default: 0] += 1
        }
        // Each read returned, with metadata or an error about the bytes, never about reading them.
        #expect(outcomes.values.reduce(0, +) == 1000 && outcomes.keys.allSatisfy { $0 != "unreadable" }, "\(outcomes)")
    }
}
