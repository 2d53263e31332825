public import GuidedBackends

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension BackendConfiguration {
    /// The path of an existing regular file at `key`, if present (e.g. `caFile`): a relative
    /// path is taken from the configuration file's folder, so a configuration reads the same from
    /// any working directory. A missing file, a folder or a FIFO is an error here, at load, not a
    /// failure at every request.
    public func existingFile(_ key: String, example: String) throws(ConfigurationError) -> String? {
        guard let path = try string(key) else { return nil }
        var resolved = path
        if !path.hasPrefix("/"), let file, let slash = file.lastIndex(of: "/") {
            resolved = String(file[..<slash]) + "/" + path
        }
        var status = stat()
        guard !path.isEmpty, stat(resolved, &status) == 0 else {
            throw error(
                "\(key) names no file (\(resolved))", key: key,
                remedy: "write \"\(key)\": \"\(example)\", a path absolute or relative to this file")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw error(
                "\(key) is not a regular file (\(resolved))", key: key,
                remedy: "write \"\(key)\": \"\(example)\", a PEM file")
        }
        return resolved
    }
}
