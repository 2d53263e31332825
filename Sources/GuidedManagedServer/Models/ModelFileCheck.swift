import Foundation
import GuidedBackends
import GuidedJSON
import GuidedSchema

#if canImport(Glibc)
    import Glibc
#endif

/// Checks that a catalogue model's file is the catalogue's, byte for byte, before a server loads it.
///
/// Hashing 1.1 GB takes seconds, so a check that passes leaves a stamp beside the file
/// (`FILE.verified.json`: its SHA-256, size and modification time in nanoseconds, the form
/// `scripts/install-models` writes after it assembles the file); a later check whose file still
/// has the stamped size and time, and whose stamp holds the catalogue's sum, does not hash again.
/// Anything else — no stamp, a changed file, another sum — is hashed, and a file whose sum is not
/// the catalogue's is refused with its path and both sums.
package enum ModelFileCheck {
    /// Nil when `file` is `model`'s; else why not (``UnavailableReason/Code/modelMismatch``).
    package static func verify(_ file: String, against model: CatalogueModel) -> UnavailableReason? {
        guard let status = FileStatus(file) else {
            return UnavailableReason(.modelMissing, "cannot read the model file \(file)")
        }
        if isStamped(file, as: model) { return nil }
        let sum: String
        do {
            sum = try SHA256.hexDigest(ofFile: file)
        } catch {
            return UnavailableReason(.modelMissing, "cannot read the model file \(file): \(error.message)")
        }
        guard sum == model.sha256 else {
            return UnavailableReason(
                .modelMismatch,
                "the model file \(file) has sha256 \(sum) (\(status.bytes) bytes); the catalogue expects \(model.sha256) "
                    + "(\(model.bytes) bytes) for \(model.name): run scripts/setup-model to install it again")
        }
        Stamp(sha256: sum, bytes: status.bytes, modified: status.modified).write(to: stampPath(file))
        return nil
    }

    /// Whether `file` still has the size and time its stamp records, and the stamp the sum of
    /// `model`: a check that passed before and needs no hashing now.
    package static func isStamped(_ file: String, as model: CatalogueModel) -> Bool {
        guard let status = FileStatus(file), let stamp = Stamp.read(stampPath(file)) else { return false }
        return status.bytes == model.bytes
            && stamp == Stamp(sha256: model.sha256, bytes: status.bytes, modified: status.modified)
    }

    /// Where `file`'s stamp is.
    static func stampPath(_ file: String) -> String { file + ".verified.json" }

    /// A file's size and modification time, in nanoseconds since the epoch.
    struct FileStatus: Equatable {
        var bytes: Int
        var modified: Int

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            bytes = Int(info.st_size)
            modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        }
    }

    /// What a check found: the file's sum, its size and its modification time then.
    struct Stamp: Equatable {
        var sha256: String
        var bytes: Int
        var modified: Int

        /// The stamp at `path`, or nil when there is none or it does not read as one.
        static func read(_ path: String) -> Stamp? {
            guard let json = try? JSONReader.read(file: path), let sha256 = json["sha256"]?.stringValue,
                let bytes = json["bytes"]?.intValue, let modified = json["modified"]?.intValue
            else { return nil }
            return Stamp(sha256: sha256, bytes: bytes, modified: modified)
        }

        /// Writes the stamp; a folder that cannot be written only means the next check hashes again.
        func write(to path: String) {
            let json: GeneratedContent = [
                "sha256": GeneratedContent(sha256), "bytes": GeneratedContent(bytes),
                "modified": GeneratedContent(modified),
            ]
            try? Data(json.jsonText().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }
}
