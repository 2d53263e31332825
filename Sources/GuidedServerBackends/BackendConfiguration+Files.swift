import GuidedBackends
import GuidedJSON
import GuidedSchema

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

extension BackendConfiguration {
    /// The adapters at `key`, if present: an object from each adapter's name (a valid
    /// `ModelAdapter` name) to its existing GGUF file, relative paths taken from the
    /// configuration file's folder (``path(_:)``); `{}` for none. A bad name, a path that is not
    /// a string, or a missing file is an error here, naming the adapter's key.
    package func adapterFiles(_ key: String) throws(ConfigurationError) -> [String: String]? {
        guard let value = entry[key] else { return nil }
        guard let members = value.properties else {
            throw error(
                "\(key) must be an object of adapter names and files", key: key,
                remedy: "write \"\(key)\": {\"house-style\": \"adapters/house-style.gguf\"}, or {} for none")
        }
        var files: [String: String] = [:]
        for member in members {
            let place = pointer.appending(key).appending(member.name)
            guard ModelAdapter.isValidName(member.name) else {
                throw ConfigurationError(
                    "\"\(member.name)\" is not an adapter name",
                    remedy:
                        "name it with lowercase letters, digits and hyphens, starting with a letter, e.g. house-style",
                    at: place, file: file)
            }
            guard let written = member.value.stringValue, !written.isEmpty else {
                throw ConfigurationError(
                    "the adapter \(member.name) must be the path of its GGUF file",
                    remedy: "write \"\(member.name)\": \"adapters/\(member.name).gguf\"", at: place, file: file)
            }
            let resolved = ConfigurationPath.resolve(written, relativeTo: file)
            // llama-server reads `--lora-scaled FILE:SCALE,…`: a comma or colon would split the path.
            guard !resolved.contains(","), !resolved.contains(":") else {
                throw ConfigurationError(
                    "the adapter \(member.name)'s path has a comma or a colon, which llama-server cannot take (\(resolved))",
                    remedy: "move the file to a path without commas or colons", at: place, file: file)
            }
            guard FileBytes.entryKind(resolved) == .file else {
                throw ConfigurationError(
                    "the adapter \(member.name) names no file (\(resolved))",
                    remedy: "run scripts/setup-model, or give the path of the adapter's GGUF file", at: place,
                    file: file)
            }
            files[member.name] = resolved
        }
        return files
    }
}
