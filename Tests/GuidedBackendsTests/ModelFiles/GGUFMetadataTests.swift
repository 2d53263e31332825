import Testing

@testable import GuidedManagedServer

/// Reading GGUF metadata from files built byte by byte: every value type, arrays skipped to
/// their type and count, both versions, and the keys a catalogue needs.
@Suite struct GGUFMetadataTests {
    typealias B = GGUFBytes

    /// One entry of every scalar type and string, with the values they hold.
    static let scalars: [(String, GGUFValue)] = [
        ("t.u8", .uint8(200)), ("t.i8", .int8(-100)), ("t.u16", .uint16(60_000)), ("t.i16", .int16(-30_000)),
        ("t.u32", .uint32(4_000_000_000)), ("t.i32", .int32(-2_000_000_000)), ("t.f32", .float32(1.5)),
        ("t.bool.true", .bool(true)), ("t.bool.false", .bool(false)), ("t.string", .string("héllo, 世界")),
        ("t.empty", .string("")), ("t.u64", .uint64(.max)), ("t.i64", .int64(.min)), ("t.f64", .float64(-0.25)),
    ]

    /// Arrays of strings, of numbers, of booleans, empty, and of arrays.
    static let arrays: [[UInt8]] = [
        B.arrayEntry("a.strings", .string, ["<s>", "</s>", "", "Ġthe"].map { B.string($0) }),
        B.arrayEntry("a.u32", .uint32, (0..<5).map { B.integer(UInt32($0)) }),
        B.arrayEntry("a.f32", .float32, [B.integer(Float(0.5).bitPattern)]),
        B.arrayEntry("a.bool", .bool, [[1], [0], [1]]),
        B.arrayEntry("a.empty", .int64, []),
        B.arrayEntry(
            "a.nested", .array,
            [B.arrayBody(.string, [B.string("x")]), B.arrayBody(.array, [B.arrayBody(.uint8, [[7]])])]),
    ]

    /// A file of every kind of entry, and what reading it gives.
    static func everyKind(version: UInt32) -> (bytes: [UInt8], metadata: GGUFMetadata) {
        let entries = scalars.map { B.entry($0.0, $0.1) } + arrays
        var values = Dictionary(uniqueKeysWithValues: scalars)
        values["a.strings"] = .array(elementType: .string, count: 4)
        values["a.u32"] = .array(elementType: .uint32, count: 5)
        values["a.f32"] = .array(elementType: .float32, count: 1)
        values["a.bool"] = .array(elementType: .bool, count: 3)
        values["a.empty"] = .array(elementType: .int64, count: 0)
        values["a.nested"] = .array(elementType: .array, count: 2)
        return (
            B.file(version: version, tensorCount: 3, entries),
            GGUFMetadata(version: Int(version), tensorCount: 3, values: values)
        )
    }

    /// The metadata of a file holding `bytes`.
    static func read(_ bytes: [UInt8]) throws -> GGUFMetadata {
        let file = try TemporaryFile(bytes, suffix: ".gguf")
        defer { file.remove() }
        return try GGUFMetadata.read(file: file.path)
    }

    @Test(arguments: [UInt32(2), 3]) func everyValueTypeReadsBack(version: UInt32) throws {
        let (bytes, metadata) = Self.everyKind(version: version)
        #expect(try Self.read(bytes) == metadata)
    }

    @Test func whatFollowsTheMetadataIsNotRead() throws {
        let (bytes, metadata) = Self.everyKind(version: 3)
        #expect(try Self.read(bytes + [UInt8](repeating: 0xFF, count: 100_000)) == metadata)
    }

    @Test func theWellKnownKeysReadThroughTheirConveniences() throws {
        let metadata = try Self.read(
            B.file([
                B.entry("general.architecture", .string("qwen2")), B.entry("general.name", .string("Qwen2.5 Coder")),
                B.entry("qwen2.context_length", .uint32(32_768)),
                B.entry("tokenizer.chat_template", .string("{{ x }}")),
            ]))
        #expect(metadata.architecture == "qwen2")
        #expect(metadata.name == "Qwen2.5 Coder")
        #expect(metadata.contextLength == 32_768)
        #expect(metadata.chatTemplate == "{{ x }}")
    }

    @Test func absentKeysReadAsNil() throws {
        let metadata = try Self.read(B.file([B.entry("llama.context_length", .uint64(4096))]))
        #expect(metadata.architecture == nil && metadata.name == nil)
        #expect(metadata.contextLength == nil && metadata.chatTemplate == nil)
        #expect(try Self.read(B.file([])) == GGUFMetadata(version: 3, tensorCount: 0, values: [:]))
    }

    @Test func aTemplateAfterATokenizerOfManyStringsReadsWhole() throws {
        // As in real files: 150,000 tokens and a large merges array before the chat template,
        // which is itself longer than the reader's buffer.
        let tokens = (0..<150_000).map { B.string("token\($0)") }
        let template = String(
            repeating: "{% for message in messages %}{{ message.content }}{% endfor %}\n", count: 2000)
        let metadata = try Self.read(
            B.file([
                B.entry("general.architecture", .string("gemma3")),
                B.arrayEntry("tokenizer.ggml.tokens", .string, tokens),
                B.arrayEntry("tokenizer.ggml.scores", .float32, (0..<150_000).map { _ in B.integer(UInt32(0)) }),
                B.entry("tokenizer.chat_template", .string(template)),
                B.entry("gemma3.context_length", .int32(131_072)),
            ]))
        #expect(metadata.values["tokenizer.ggml.tokens"] == .array(elementType: .string, count: 150_000))
        #expect(metadata.values["tokenizer.ggml.scores"] == .array(elementType: .float32, count: 150_000))
        #expect(metadata.chatTemplate == template)
        #expect(metadata.contextLength == 131_072)
    }

    @Test func aReaderWithATinyBufferReadsTheSame() throws {
        // Every integer straddles a refill, and every string over 16 bytes is read past the buffer.
        let (bytes, metadata) = Self.everyKind(version: 3)
        let file = try TemporaryFile(bytes, suffix: ".gguf")
        defer { file.remove() }
        var reader = try GGUFReader(path: file.path, bufferSize: 16)
        var parser = GGUFParser()
        #expect(try parser.metadata(from: &reader) == metadata)
    }

    @Test func aStringValueThatIsNotUTF8KeepsReplacementCharacters() throws {
        let metadata = try Self.read(
            B.file([B.string("general.name") + B.type(.string) + B.string([0x41, 0xFF, 0x42])]))
        #expect(metadata.name == "A\u{FFFD}B")
    }

    @Test func integerValuesOfEveryWidthReadAsInt() {
        #expect(GGUFValue.uint8(8).integerValue == 8)
        #expect(GGUFValue.int16(-3).integerValue == -3)
        #expect(GGUFValue.uint64(.max).integerValue == nil)
        #expect(GGUFValue.int64(.min).integerValue == Int.min)
        #expect(GGUFValue.float32(1).integerValue == nil)
        #expect(GGUFValue.string("1").integerValue == nil)
    }
}
