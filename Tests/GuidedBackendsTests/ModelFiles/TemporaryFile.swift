import Foundation

/// A file under the temporary directory, for tests, removed with ``remove()``.
struct TemporaryFile {
    /// The file's path.
    let path: String

    /// A new file holding `bytes`.
    init(_ bytes: [UInt8], suffix: String = ".bin") throws {
        path = NSTemporaryDirectory() + "guided-model-files-\(getpid())-\(UInt64.random(in: 0...UInt64.max))\(suffix)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Replaces the file's bytes with `bytes`.
    func write(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Deletes the file.
    func remove() {
        unlink(path)
    }
}
