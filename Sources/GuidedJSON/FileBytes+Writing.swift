#if canImport(Glibc)
    import Glibc
#endif

extension FileBytes {
    /// Writes `text` to `path` unless the file already holds exactly those bytes; returns
    /// whether it wrote, or nil when it could not (``replaceIfChanged(_:at:)`` says why).
    /// Unchanged files keep their timestamps, so builds do not churn.
    @discardableResult
    public static func writeIfChanged(_ text: String, to path: String) -> Bool? {
        try? replaceIfChanged(text, at: path)
    }

    /// Writes `text` to `path` unless the file already holds exactly those bytes; returns
    /// whether it wrote. Only a regular file (or nothing) is replaced: a FIFO, socket or device
    /// is never opened, since opening a FIFO blocks until someone opens its other end.
    ///
    /// The text goes to a new file beside `path`, created with the old file's permissions, which
    /// replaces `path` (a rename) only once every byte is written, synced and closed without
    /// error: a full disk or a failing close leaves the old file whole and throws, where writing
    /// in place left half an archive and exit 0. A symbolic link to a file stays a link (its
    /// target is replaced). Where no new file can be made beside it (a folder one may not write,
    /// a dangling link), the file is written in place, every step still checked.
    /// - Throws: ``FileWriteError`` saying why the file cannot be written.
    @discardableResult
    package static func replaceIfChanged(_ text: String, at path: String) throws(FileWriteError) -> Bool {
        switch entryKind(path) {
        case .directory: throw .isDirectory
        case .other: throw .notRegularFile
        case .file, nil: break
        }
        let bytes = Array(text.utf8)
        if read(path) == bytes { return false }
        var target = path
        if let real = realpath(path, nil) {
            target = String(cString: real)
            free(real)
        }
        let mode = existingMode(target)
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let temporary = (folder.isEmpty ? "" : folder) + "/.guided-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = isDanglingLink(path) ? -1 : open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode ?? 0o666)
        guard descriptor >= 0 else {
            try writeInPlace(bytes, to: path)
            return true
        }
        if let mode { fchmod(descriptor, mode) } // exactly the old bits, whatever the umask
        let failure = writeAll(bytes, to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errorText())
        let closeFailure = close(descriptor) == 0 ? nil : errorText()
        if let reason = failure ?? closeFailure {
            unlink(temporary)
            throw .unwritable(reason)
        }
        guard rename(temporary, target) == 0 else {
            let reason = errorText()
            unlink(temporary)
            throw .unwritable(reason)
        }
        return true
    }

    /// Writes `bytes` over the file at `path`, checking every write and the close.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else { throw .unwritable(errorText()) }
        let failure = writeAll(bytes, to: descriptor) ?? (fsync(descriptor) == 0 ? nil : errorText())
        let closeFailure = close(descriptor) == 0 ? nil : errorText()
        if let reason = failure ?? closeFailure { throw .unwritable(reason) }
    }

    /// Writes every byte, retrying short writes and interruptions; the system's words on failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return errorText() }
            offset += written
        }
        return nil
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    /// The permission bits of the file at `path`, kept by its replacement; nil when there is none.
    private static func existingMode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }
}

/// Why a file could not be written.
package enum FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path is a directory.
    case isDirectory
    /// The path is a FIFO, socket or device: opening it might block, and writing it is no file.
    case notRegularFile
    /// The file cannot be opened or written (permissions, a missing folder, a full disk), with
    /// the system's words.
    case unwritable(String)

    /// What is wrong, in words.
    public var description: String {
        switch self {
        case .isDirectory: "it is a directory, not a file"
        case .notRegularFile: "it is not a regular file (a FIFO, socket or device), so it is not written"
        case .unwritable(let reason): "cannot write the file (\(reason))"
        }
    }

    /// What to do about it.
    public var remedy: String {
        switch self {
        case .isDirectory: "name a file inside it"
        case .notRegularFile: "remove it, or write somewhere else"
        case .unwritable: "check that the folder exists and can be written"
        }
    }
}
