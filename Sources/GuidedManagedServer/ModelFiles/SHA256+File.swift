extension SHA256 {
    /// The SHA-256 of the file at `path` in lowercase hexadecimal, as `sha256sum` prints it.
    ///
    /// The file is read `chunkSize` bytes at a time into one buffer, never whole: a model file
    /// of gigabytes costs `chunkSize` bytes of memory.
    /// - Throws: ``ModelFileError/Code/unreadable`` naming the path and the reason, when the file
    ///   cannot be opened or read, or is not a regular file.
    package static func hexDigest(ofFile path: String, chunkSize: Int = 4 << 20) throws(ModelFileError) -> String {
        precondition(chunkSize > 0, "chunkSize must be positive")
        let file = try ModelFileDescriptor(path: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        var offset = 0
        while true {
            let count = try file.read(into: buffer, at: offset)
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            offset += count
        }
        return hex(hasher.finalize())
    }
}
