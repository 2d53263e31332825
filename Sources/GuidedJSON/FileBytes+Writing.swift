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
    /// The text goes to a new file beside `path`, which replaces `path` (a rename) only once every
    /// byte is written, flushed and closed without error: a full disk or a failing close leaves
    /// the old file whole and throws, where writing in place left half an archive and exit 0.
    /// - Throws: ``FileWriteError`` saying why the file cannot be written.
    @discardableResult
    public static func replaceIfChanged(_ text: String, at path: String) throws(FileWriteError) -> Bool {
        switch entryKind(path) {
        case .directory: throw .isDirectory
        case .other: throw .notRegularFile
        case .file, nil: break
        }
        let bytes = Array(text.utf8)
        if read(path) == bytes { return false }
        // A symbolic link stays one: its target is what gets replaced.
        var path = path
        if let real = realpath(path, nil) {
            path = String(cString: real)
            free(real)
        }
        let temporary = path + ".guided-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard let file = fopen(temporary, "wbx") else { throw .unwritable(String(cString: strerror(errno))) }
        let written = fwrite(bytes, 1, bytes.count, file) == bytes.count && fflush(file) == 0
        let failure = written ? nil : String(cString: strerror(errno))
        let closed = fclose(file) == 0
        guard written, closed else {
            let reason = failure ?? String(cString: strerror(errno))
            unlink(temporary)
            throw .unwritable(reason)
        }
        if let mode = existingMode(path) { chmod(temporary, mode) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .unwritable(reason)
        }
        return true
    }

    /// The permission bits of the file at `path`, kept by its replacement; nil when there is none.
    private static func existingMode(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }
}

/// Why a file could not be written.
public enum FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
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
