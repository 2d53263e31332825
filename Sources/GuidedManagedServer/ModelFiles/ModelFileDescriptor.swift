#if canImport(Glibc)
    import Glibc
#endif

/// A model file open for reading: a POSIX descriptor and the file's size, with errors that name
/// the path and the reason.
///
/// Owns its descriptor and closes it when it goes.
struct ModelFileDescriptor: ~Copyable {
    /// The file's path, for errors.
    let path: String
    /// The open descriptor.
    let descriptor: Int32
    /// The file's size in bytes when it was opened.
    let size: Int

    /// Opens the regular file at `path` for reading.
    ///
    /// The file is opened without blocking, so a FIFO named by mistake fails at once instead of
    /// waiting for a writer; anything but a regular file is refused.
    /// - Throws: ``ModelFileError/Code/unreadable`` naming the path and the reason.
    init(path: String) throws(ModelFileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ModelFileError(.unreadable, path: path, "cannot open \(path): \(Self.reason(errno))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = Self.reason(errno)
            close(descriptor)
            throw ModelFileError(.unreadable, path: path, "cannot inspect \(path): \(reason)")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            throw ModelFileError(.unreadable, path: path, "cannot read \(path): it is \(kind)")
        }
        self.path = path
        self.descriptor = descriptor
        self.size = Int(status.st_size)
        posix_fadvise(descriptor, 0, 0, POSIX_FADV_SEQUENTIAL)
    }

    /// Closes the descriptor.
    deinit { close(descriptor) }

    /// Reads up to `buffer.count` bytes at byte `offset` into `buffer`, retrying when a signal
    /// interrupts; fewer only at the end of the file.
    /// - Returns: How many bytes were read: 0 at the end of the file.
    /// - Throws: ``ModelFileError/Code/unreadable`` when the system cannot read the file.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(ModelFileError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw ModelFileError(
                    .unreadable, path: path, offset: offset + filled,
                    "cannot read \(path) at byte \(offset + filled): \(Self.reason(errno))")
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// The system's words for `code`, e.g. "No such file or directory".
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
