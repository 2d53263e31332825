public import GuidedSchema

#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file reads and writes without Foundation.
///
/// Every read is bounded: a device (`/dev/zero`, `/dev/urandom`) or an endless pipe stops at
/// the limit with ``FileReadError/tooLarge(limit:)`` instead of filling memory.
public enum FileBytes {
    /// The default read limit: 64 MiB, far above any schema, instance or configuration file.
    public static let defaultLimit = 64 * 1024 * 1024

    /// What kind of entry `path` names, without opening it (so a FIFO cannot block): nil when
    /// there is none.
    package static func entryKind(_ path: String) -> EntryKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether `path` is a symbolic link whose target does not exist: a file the user put there
    /// that names nothing, not an absent file.
    package static func isDanglingLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK && stat(path, &status) != 0
    }

    /// What a path names.
    package enum EntryKind: Sendable, Hashable {
        /// A regular file.
        case file
        /// A directory.
        case directory
        /// A FIFO, socket or device: reading it may block or never end.
        case other
    }

    /// Everything readable from the open descriptor `descriptor` (standard input is 0) until
    /// its end, at most `limit` bytes: an endless pipe or a device stops at the limit.
    /// - Throws: ``FileReadError/tooLarge(limit:)`` past the limit, or ``FileReadError/unreadable(_:)``.
    public static func contents(ofDescriptor descriptor: Int32, limit: Int = defaultLimit) throws(FileReadError)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileReadError(errno: errno)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The file's bytes, or nil if it cannot be read or is over ``defaultLimit``.
    public static func read(_ path: String) -> [UInt8]? {
        try? contents(of: path)
    }

    /// The file's bytes, at most `limit` of them.
    /// - Throws: ``FileReadError`` saying whether the file is missing, a directory, unreadable
    ///   or larger than `limit`.
    public static func contents(of path: String, limit: Int = defaultLimit) throws(FileReadError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw FileReadError(errno: errno) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 {
                guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
                bytes.append(contentsOf: chunk[0..<count])
            }
            if count < chunk.count { break }
        }
        guard ferror(file) == 0 else { throw FileReadError(errno: errno) }
        return bytes
    }

}

/// Why a file could not be read.
public enum FileReadError: GuidedError, Hashable {
    /// Nothing exists at the path.
    case missing
    /// The path is a directory.
    case isDirectory
    /// The file exists but cannot be read (permissions, I/O error), with the system's words.
    case unreadable(String)
    /// The file (or device, or pipe) holds more than `limit` bytes.
    case tooLarge(limit: Int)

    init(errno code: Int32) {
        switch code {
        case ENOENT, ENOTDIR: self = .missing
        case EISDIR: self = .isDirectory
        default: self = .unreadable(String(cString: strerror(code)))
        }
    }

    /// What is wrong, in words: `no such file`.
    public var message: String {
        switch self {
        case .missing: "no such file"
        case .isDirectory: "it is a directory, not a file"
        case .unreadable(let reason): "cannot read the file (\(reason))"
        case .tooLarge(let limit): "the file is larger than \(limit / (1024 * 1024)) MiB, the most Guided reads"
        }
    }

    /// What to do about it.
    public var remedy: String {
        switch self {
        case .missing: "check the path"
        case .isDirectory: "name a file inside it"
        case .unreadable: "check the file's permissions"
        case .tooLarge: "give a regular JSON file, not a device or an endless stream"
        }
    }
}

extension FileReadError {
    /// `missing`, `isDirectory`, `unreadable` or `tooLarge`.
    public var codeName: String {
        switch self {
        case .missing: "missing"
        case .isDirectory: "isDirectory"
        case .unreadable: "unreadable"
        case .tooLarge: "tooLarge"
        }
    }

    /// A file read has no path of its own here: the caller's error names the file.
    public var location: ErrorLocation { ErrorLocation("<file>") }
}
