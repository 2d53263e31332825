import GuidedBackends
import GuidedJSON
import GuidedServerBackends
import GuidedSession

extension GuidedConfiguration {
    /// This configuration with every fallback template file named in `outputs` read and
    /// checked: the file must be JSON, and each of its strings a valid ``AuthoredTemplate``.
    /// ``load(file:registry:environment:)`` calls it; call it yourself after
    /// ``from(_:file:registry:)``.
    ///
    /// - Throws: ``ConfigurationError`` naming the configuration file and the `fallback`
    ///   pointer when the template file cannot be read, or naming the template file (with the
    ///   line and column, or the JSON Pointer of the string) when it is not valid.
    package func readingTemplates() throws(ConfigurationError) -> GuidedConfiguration {
        var configuration = self
        for (name, settings) in outputs {
            guard case .template(let path, .none) = settings.fallback else { continue }
            try Self.refuseUnlessRegularFile(path, named: "the fallback template", key: "fallback", in: settings)
            let content: GeneratedContent
            do {
                content = try JSONReader.read(file: path)
            } catch {
                if let failure = error.readFailure {
                    throw settings.error(
                        "cannot read the fallback template \(path): \(failure.message)", key: "fallback",
                        remedy: "\(failure.remedy); a relative path is taken from the configuration file's folder")
                }
                throw ConfigurationError(reading: "the fallback template", at: path, error)
            }
            try FallbackSetting.checkTemplate(content, file: path)
            configuration.outputs[name]?.fallback = .template(path: path, content: content)
        }
        return configuration
    }
}

extension GuidedConfiguration {
    /// This configuration with every examples file named in `outputs` read (see
    /// ``ExamplesSetting``). ``load(file:registry:environment:)`` calls it; call it yourself after
    /// ``from(_:file:registry:)``.
    ///
    /// - Throws: ``ConfigurationError`` naming the examples file, with the line and column of
    ///   malformed JSON or of the example that has the wrong shape.
    package func readingExamples() throws(ConfigurationError) -> GuidedConfiguration {
        var configuration = self
        for (name, settings) in outputs {
            guard case .file(let path, .none) = settings.examples else { continue }
            if let kind = FileBytes.entryKind(path), kind != .file {
                throw settings.error(
                    "the examples file \(path) is \(kind == .directory ? "a directory" : "not a regular file (a FIFO, socket or device)")",
                    key: "examples",
                    remedy: "name a JSON file; a relative path is taken from the configuration file's folder")
            }
            do {
                let examples = try ExamplesFile.load(path, checkedAgainst: nil)
                configuration.outputs[name]?.examples = .file(path: path, examples: examples)
            } catch {
                if error.code == .unreadable {
                    throw settings.error(
                        "cannot read the examples file \(path): \(error.message)", key: "examples",
                        remedy: "\(error.remedy); a relative path is taken from the configuration file's folder")
                }
                var place = path
                if let line = error.line { place += ":\(line)" }
                if let column = error.column { place += ":\(column)" }
                throw ConfigurationError(error.message, remedy: error.remedy, at: error.pointer, file: place)
            }
        }
        return configuration
    }
}

extension GuidedConfiguration {
    /// Refuses a folder, FIFO, socket or device where `outputs` names a file, without opening it:
    /// opening a FIFO blocks until someone writes to it (the second probe's hang).
    static func refuseUnlessRegularFile(
        _ path: String, named what: String, key: String, in settings: OutputOverrides
    ) throws(ConfigurationError) {
        guard let kind = FileBytes.entryKind(path), kind != .file else { return }
        throw settings.error(
            "\(what) \(path) is \(kind == .directory ? "a directory" : "not a regular file (a FIFO, socket or device)")",
            key: key, remedy: "name a JSON file; a relative path is taken from the configuration file's folder")
    }
}
