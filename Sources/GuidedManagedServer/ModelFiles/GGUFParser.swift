/// Reads GGUF metadata from a ``GGUFReader``, checking every count and length against the
/// format and against what is left of the file, so that no input crashes, hangs or takes
/// memory out of proportion.
struct GGUFParser {
    /// The most string bytes (keys and string values) to keep in all.
    var keptBytesLimit = GGUFMetadata.maximumKeptBytes
    /// The string bytes kept so far, against ``keptBytesLimit``.
    private var keptBytes = 0

    /// The metadata, read from the start of the file.
    mutating func metadata(from reader: inout GGUFReader) throws(ModelFileError) -> GGUFMetadata {
        try readMagic(&reader)
        let version = try readVersion(&reader)
        let tensorCount = try reader.integer(UInt64.self) { "the header's tensor count" }
        guard let tensors = Int(exactly: tensorCount) else {
            throw malformed(reader, at: 8, "the header declares \(tensorCount) tensors at byte 8, an impossible count")
        }
        let keyCount = try reader.integer(UInt64.self) { "the header's key/value count" }
        guard keyCount <= GGUFMetadata.maximumKeyCount else {
            throw malformed(
                reader, at: 16,
                "the header declares \(keyCount) key/value pairs at byte 16, over the limit of 1,000,000")
        }
        var values: [String: GGUFValue] = [:]
        values.reserveCapacity(min(Int(keyCount), 256))
        for index in 0..<Int(keyCount) {
            let keyOffset = reader.offset
            let bytes = try string(&reader) { "the key of entry \(index)" }
            guard let key = String(validating: bytes, as: UTF8.self) else {
                throw malformed(reader, at: keyOffset, "the key of entry \(index), at byte \(keyOffset), is not UTF-8")
            }
            guard values[key] == nil else {
                throw malformed(reader, at: keyOffset, "the key \(key) comes a second time at byte \(keyOffset)")
            }
            let type = try valueType(&reader) { "the type of key \(key)" }
            values[key] = try value(of: type, key: key, &reader)
        }
        return GGUFMetadata(version: version, tensorCount: tensors, values: values)
    }

    /// Reads the magic bytes `GGUF`.
    private func readMagic(_ reader: inout GGUFReader) throws(ModelFileError) {
        let head = try reader.bytes(min(4, reader.remaining)) { "the magic" }
        let magic = Array("GGUF".utf8)
        guard head == Array(magic.prefix(head.count)) else {
            let digits = Array("0123456789abcdef")
            let hex = head.map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 15)])" }
            let text = String(decoding: head.map { (32..<127).contains($0) ? $0 : UInt8(ascii: ".") }, as: UTF8.self)
            throw ModelFileError(
                .notGGUF, path: reader.path, offset: 0,
                "the file starts with \(hex.joined(separator: " ")) (\"\(text)\"), not GGUF's magic \"GGUF\"")
        }
        guard head.count == 4 else {
            throw ModelFileError(
                .truncated, path: reader.path, offset: 0,
                "the file ends inside the magic: it holds \(head.count) bytes, where GGUF's magic alone takes 4")
        }
    }

    /// Reads the version, 2 or 3.
    private func readVersion(_ reader: inout GGUFReader) throws(ModelFileError) -> Int {
        let version = try reader.integer(UInt32.self) { "the version" }
        let message: String
        switch version {
        case 2, 3: return Int(version)
        case _ where version.byteSwapped == 2 || version.byteSwapped == 3:
            message = "the file is big-endian GGUF (version \(version.byteSwapped)); only little-endian files are read"
        case 1: message = "the file is GGUF version 1, the first format, with 32-bit lengths; versions 2 and 3 are read"
        default: message = "the file is GGUF version \(version); versions 2 and 3 are read"
        }
        throw ModelFileError(.unsupportedVersion, path: reader.path, offset: 4, message)
    }

    /// Reads a value of `type`, the value of `key`; an array as its element type and count.
    private mutating func value(of type: GGUFValueType, key: String, _ reader: inout GGUFReader)
        throws(ModelFileError) -> GGUFValue
    {
        let what = { "the value of key \(key)" }
        switch type {
        case .uint8: return .uint8(try reader.integer(UInt8.self, of: what))
        case .int8: return .int8(try reader.integer(Int8.self, of: what))
        case .uint16: return .uint16(try reader.integer(UInt16.self, of: what))
        case .int16: return .int16(try reader.integer(Int16.self, of: what))
        case .uint32: return .uint32(try reader.integer(UInt32.self, of: what))
        case .int32: return .int32(try reader.integer(Int32.self, of: what))
        case .float32: return .float32(Float(bitPattern: try reader.integer(UInt32.self, of: what)))
        case .bool: return .bool(try reader.integer(UInt8.self, of: what) != 0)
        case .string: return .string(String(decoding: try string(&reader, of: what), as: UTF8.self))
        case .uint64: return .uint64(try reader.integer(UInt64.self, of: what))
        case .int64: return .int64(try reader.integer(Int64.self, of: what))
        case .float64: return .float64(Double(bitPattern: try reader.integer(UInt64.self, of: what)))
        case .array:
            let elementType = try valueType(&reader) { "the element type of the array of key \(key)" }
            let count = try count(of: elementType, &reader) { "the array of key \(key)" }
            try skip(count, of: elementType, depth: 1, &reader) { "the array of key \(key)" }
            return .array(elementType: elementType, count: count)
        }
    }

    /// Reads a string's bytes, `what`, and counts them against the bytes kept.
    private mutating func string(_ reader: inout GGUFReader, of what: () -> String) throws(ModelFileError) -> [UInt8] {
        let length = try stringLength(&reader, of: what)
        keptBytes += length
        guard keptBytes <= keptBytesLimit else {
            throw malformed(
                reader, at: reader.offset,
                "the metadata's strings pass the limit of \(keptBytesLimit) bytes at byte \(reader.offset)")
        }
        return try reader.bytes(length, of: what)
    }

    /// Reads the length of a string, `what`, at most ``GGUFMetadata/maximumStringLength``.
    private func stringLength(_ reader: inout GGUFReader, of what: () -> String) throws(ModelFileError) -> Int {
        let offset = reader.offset
        let length = try reader.integer(UInt64.self, of: what)
        guard length <= GGUFMetadata.maximumStringLength else {
            throw malformed(
                reader, at: offset, "\(what()), at byte \(offset), claims \(length) bytes; strings stop at 16 MiB")
        }
        return Int(length)
    }

    /// Reads a value type tag, `what`.
    private func valueType(_ reader: inout GGUFReader, of what: () -> String) throws(ModelFileError) -> GGUFValueType {
        let offset = reader.offset
        let raw = try reader.integer(UInt32.self, of: what)
        guard let type = GGUFValueType(rawValue: raw) else {
            throw malformed(
                reader, at: offset, "\(what()), at byte \(offset), is \(raw), not a GGUF value type (0 to 12)")
        }
        return type
    }

    /// Reads the element count of an array, `what`, of `elementType`: no more than what is
    /// left of the file could hold.
    private func count(of elementType: GGUFValueType, _ reader: inout GGUFReader, _ what: () -> String)
        throws(ModelFileError) -> Int
    {
        let offset = reader.offset
        let count = try reader.integer(UInt64.self) { "the element count of \(what())" }
        let room = max(reader.remaining, 0)
        guard count <= room / elementType.minimumSize else {
            throw malformed(
                reader, at: offset,
                "\(what()) declares \(count) \(elementType.name) elements at byte \(offset); "
                    + "the \(room) bytes left in the file cannot hold them")
        }
        return Int(count)
    }

    /// Skips the `count` elements of `elementType` of an array, `what`, nested `depth` deep,
    /// checking every length on the way.
    private func skip(
        _ count: Int, of elementType: GGUFValueType, depth: Int, _ reader: inout GGUFReader, _ what: () -> String
    ) throws(ModelFileError) {
        if let size = elementType.fixedSize {
            try reader.skip(count * size, of: what)
        } else if elementType == .string {
            for index in 0..<count {
                let length = try stringLength(&reader) { "the length of element \(index) of \(what())" }
                try reader.skip(length) { "element \(index) of \(what())" }
            }
        } else {
            guard depth < GGUFMetadata.maximumArrayDepth else {
                throw malformed(
                    reader, at: reader.offset, "\(what()) nests arrays more than 3 deep, at byte \(reader.offset)")
            }
            for index in 0..<count {
                let innerType = try valueType(&reader) { "the element type of element \(index) of \(what())" }
                let innerCount = try self.count(of: innerType, &reader) { "element \(index) of \(what())" }
                try skip(innerCount, of: innerType, depth: depth + 1, &reader) { "element \(index) of \(what())" }
            }
        }
    }

    /// A ``ModelFileError/Code/malformed`` error at byte `offset`.
    private func malformed(_ reader: borrowing GGUFReader, at offset: Int, _ message: String) -> ModelFileError {
        ModelFileError(.malformed, path: reader.path, offset: offset, message)
    }
}
