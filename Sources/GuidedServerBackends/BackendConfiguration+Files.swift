import GuidedBackends
import GuidedJSON

extension BackendConfiguration {
    /// The path of an existing regular file at `key`, if present (e.g. `caFile`), relative paths
    /// taken from the configuration file's folder (``path(_:)``). A missing file, a folder or a
    /// FIFO is an error here, at load, not a failure at every request.
    package func existingFile(_ key: String, example: String) throws(ConfigurationError) -> String? {
        guard let resolved = try path(key) else { return nil }
        switch FileBytes.entryKind(resolved) {
        case .file: return resolved
        case nil:
            throw error(
                "\(key) names no file (\(resolved))", key: key,
                remedy: "write \"\(key)\": \"\(example)\", a path absolute or relative to this file")
        case .directory, .other:
            throw error(
                "\(key) is not a regular file (\(resolved))", key: key,
                remedy: "write \"\(key)\": \"\(example)\", a PEM file")
        }
    }
}
