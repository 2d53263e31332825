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
        guard let file = fopen(path, "wb") else { throw .unwritable(String(cString: strerror(errno))) }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
            throw .unwritable(String(cString: strerror(errno)))
        }
        return true
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
