#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes without Foundation.
public enum FileBytes {
    /// The file's bytes, or nil if it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// Writes `text` to `path` unless the file already holds exactly those bytes; returns
    /// whether it wrote. Unchanged files keep their timestamps, so builds do not churn.
    @discardableResult
    public static func writeIfChanged(_ text: String, to path: String) -> Bool? {
        let bytes = Array(text.utf8)
        if read(path) == bytes { return false }
        guard let file = fopen(path, "wb") else { return nil }
        defer { fclose(file) }
        return fwrite(bytes, 1, bytes.count, file) == bytes.count
    }
}
