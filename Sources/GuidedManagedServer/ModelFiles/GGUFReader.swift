#if canImport(Glibc)
    import Glibc
#endif

/// Little-endian reading of a file through one fixed buffer, for GGUF metadata: a tokenizer's
/// 150,000 strings are read or skipped a buffer at a time, never the whole file.
///
/// Every read names what it reads, so that a file that ends early gives an error that says
/// where and inside what.
struct GGUFReader: ~Copyable {
    /// The open file.
    private let file: ModelFileDescriptor
    /// The buffer: bytes of the file from ``bufferStart``.
    private let buffer: UnsafeMutableRawBufferPointer
    /// The file offset of the buffer's first byte.
    private var bufferStart = 0
    /// The index in the buffer of the next byte to read.
    private var position = 0
    /// How many bytes of the buffer hold file data.
    private var filled = 0

    /// Opens the file at `path` with a buffer of `bufferSize` bytes.
    /// - Throws: ``ModelFileError/Code/unreadable`` when the file cannot be opened.
    init(path: String, bufferSize: Int = 1 << 16) throws(ModelFileError) {
        file = try ModelFileDescriptor(path: path)
        buffer = .allocate(byteCount: max(bufferSize, 16), alignment: 16)
    }

    /// Frees the buffer; the file closes with it.
    deinit { buffer.deallocate() }

    /// The file's path.
    var path: String { file.path }
    /// The file offset of the next byte to read.
    var offset: Int { bufferStart + position }
    /// How many bytes of the file are left after ``offset``.
    var remaining: Int { file.size - offset }

    /// The next `T`, stored little-endian, read as part of `what`.
    /// - Throws: ``ModelFileError/Code/truncated`` when the file ends first.
    mutating func integer<T: FixedWidthInteger>(_: T.Type, of what: () -> String) throws(ModelFileError) -> T {
        let size = MemoryLayout<T>.size
        if filled - position < size { try refill(size, what) }
        let value = buffer.loadUnaligned(fromByteOffset: position, as: T.self)
        position += size
        return T(littleEndian: value)
    }

    /// The next `count` bytes, read as part of `what`. The caller bounds `count`.
    /// - Throws: ``ModelFileError/Code/truncated`` when the file ends first.
    mutating func bytes(_ count: Int, of what: () -> String) throws(ModelFileError) -> [UInt8] {
        guard count > buffer.count else {
            if filled - position < count { try refill(count, what) }
            defer { position += count }
            return Array(UnsafeRawBufferPointer(rebasing: buffer[position..<(position + count)]))
        }
        guard count <= remaining else { throw truncated(count, what) }
        let start = offset
        let buffered = filled - position
        var failure: ModelFileError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
            let target = UnsafeMutableRawBufferPointer(storage)
            target.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[position..<filled]))
            do throws(ModelFileError) {
                initialized =
                    buffered + (try file.read(into: .init(rebasing: target[buffered...]), at: start + buffered))
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        guard bytes.count == count else { throw truncated(count, what) }
        (bufferStart, position, filled) = (start + count, 0, 0)
        return bytes
    }

    /// Skips the next `count` bytes, part of `what`, without reading what is not buffered yet.
    /// - Throws: ``ModelFileError/Code/truncated`` when the file ends first.
    mutating func skip(_ count: Int, of what: () -> String) throws(ModelFileError) {
        if count <= filled - position {
            position += count
            return
        }
        guard count <= remaining else { throw truncated(count, what) }
        (bufferStart, position, filled) = (offset + count, 0, 0)
    }

    /// Makes at least `count` bytes (at most the buffer's size) ready to read, keeping the
    /// unread ones.
    private mutating func refill(_ count: Int, _ what: () -> String) throws(ModelFileError) {
        guard count <= remaining else { throw truncated(count, what) }
        let unread = filled - position
        if unread > 0 { memmove(buffer.baseAddress!, buffer.baseAddress! + position, unread) }
        (bufferStart, position, filled) = (bufferStart + position, 0, unread)
        filled += try file.read(into: .init(rebasing: buffer[unread...]), at: bufferStart + unread)
        // The file shrank since it was opened.
        guard filled >= count else { throw truncated(count, what) }
    }

    /// The error for a file that ends before the `count` bytes of `what` at ``offset``.
    private func truncated(_ count: Int, _ what: () -> String) -> ModelFileError {
        ModelFileError(
            .truncated, path: path, offset: offset,
            "the file ends inside \(what()): it needs \(count) bytes at byte \(offset), and \(max(remaining, 0)) remain"
        )
    }
}
