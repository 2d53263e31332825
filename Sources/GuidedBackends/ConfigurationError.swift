public import GuidedSchema

/// A configuration file that cannot be used, located by file and JSON Pointer.
public struct ConfigurationError: GuidedError, Hashable {
    /// The file, if the configuration came from one.
    public var file: String?
    /// Where in the file.
    public var pointer: JSONPointer
    /// What is wrong.
    public var message: String
    /// What to do about it.
    public var remedy: String

    /// An error at `pointer` in the configuration (`file`, when it came from one): `message` says
    /// what is wrong, `remedy` what to write instead, e.g. `write "route": ["local"]`.
    public init(_ message: String, remedy: String, at pointer: JSONPointer, file: String? = nil) {
        self.message = message
        self.remedy = remedy
        self.pointer = pointer
        self.file = file
    }

    /// `file: error: message (at #/pointer) — remedy`, on one line: the configuration's own
    /// strings it quotes (a kind, an unknown key, a route entry, a model name) have their control
    /// characters escaped (``TerminalText``), so the file cannot write to the terminal through it.
    public var description: String {
        TerminalText.escaped(rendered())
    }
}

/// One backend entry of a configuration file, with typed, located access to its keys.
public struct BackendConfiguration: Sendable {
    /// The entry's `name`.
    public let name: String
    /// The entry's `kind`.
    public let kind: String
    /// The whole entry.
    public let entry: GeneratedContent
    /// Where the entry is (`/backends/2`).
    public let pointer: JSONPointer
    /// The file, if any.
    public let file: String?

    /// Creates an entry (``GuidedConfiguration`` does this while reading a file).
    public init(name: String, kind: String, entry: GeneratedContent, pointer: JSONPointer, file: String?) {
        self.name = name
        self.kind = kind
        self.entry = entry
        self.pointer = pointer
        self.file = file
    }

    /// An error located at `key` in this entry.
    public func error(_ message: String, key: String, remedy: String) -> ConfigurationError {
        ConfigurationError(message, remedy: remedy, at: pointer.appending(key), file: file)
    }

    /// The string at `key`, if present; an error if it has another type.
    public func string(_ key: String) throws(ConfigurationError) -> String? {
        guard let value = entry[key] else { return nil }
        guard let text = value.stringValue else {
            throw error("\(key) must be a string", key: key, remedy: "write \"\(key)\": \"…\"")
        }
        return text
    }

    /// The name of an environment variable at `key`, if present (e.g. `apiKeyEnv`). An empty
    /// name, or one with `=` or NUL in it, names no variable anyone can set: an error here, at
    /// load, rather than a backend that is misconfigured at every request.
    package func environmentVariableName(_ key: String, example: String) throws(ConfigurationError) -> String? {
        guard let name = try string(key) else { return nil }
        let problem: String? =
            name.isEmpty
            ? "is empty" : name.contains("=") ? "contains \"=\"" : name.contains("\u{0}") ? "contains a NUL" : nil
        if let problem {
            throw error(
                "\(key) \(problem), so it names no environment variable", key: key,
                remedy: "write \"\(key)\": \"\(example)\", the variable that holds the key, or remove \(key)")
        }
        return name
    }

    /// The path at `key`, if present: as written when absolute, else taken from the configuration
    /// file's folder, as the files `outputs` names are, so a configuration reads the same from any
    /// working directory. An empty string stays empty: it names no file, not the folder.
    public func path(_ key: String) throws(ConfigurationError) -> String? {
        try string(key).map { $0.isEmpty ? $0 : ConfigurationPath.resolve($0, relativeTo: file) }
    }

    /// The string at `key`; an error if missing.
    public func requiredString(_ key: String, example: String) throws(ConfigurationError) -> String {
        guard let text = try string(key) else {
            throw ConfigurationError(
                "backend \"\(name)\" (\(kind)) needs \"\(key)\"", remedy: "add \"\(key)\": \"\(example)\"", at: pointer,
                file: file)
        }
        return text
    }

    /// The largest number ``positiveNumber(_:example:)`` accepts, so that backends can convert it (or
    /// it in milliseconds) to `Int` without trapping.
    package static let largestNumber: Double = 1_000_000_000

    /// The positive number at `key`, if present (at most `largestNumber`); the remedy of an
    /// error suggests `example` (the key's default, say).
    package func positiveNumber(_ key: String, example: Int = 30) throws(ConfigurationError) -> Double? {
        guard let value = entry[key] else { return nil }
        guard let number = value.doubleValue, number > 0, number <= Self.largestNumber else {
            throw error(
                "\(key) must be a positive number no larger than 1000000000", key: key,
                remedy: "write \"\(key)\": \(example)")
        }
        return number
    }

    /// The whole number at `key`, if present: from 1 to `largestNumber` (`0.5` is an error,
    /// never a silent 0).
    package func positiveInteger(_ key: String, example: Int = 30) throws(ConfigurationError) -> Int? {
        guard let number = try positiveNumber(key, example: example) else { return nil }
        guard number == number.rounded(.towardZero) else {
            throw error(
                "\(key) must be a whole number, not \(entry[key]!.jsonText())", key: key,
                remedy: "write \"\(key)\": \(max(1, Int(number.rounded())))")
        }
        return Int(number)
    }

    /// The number of seconds at `key` as a duration, if present: positive, at most
    /// `largestNumber`, and never shorter than 1 ms (libcurl reads 0 ms as "no limit").
    public func duration(_ key: String, example: Int = 30) throws(ConfigurationError) -> Duration? {
        guard let seconds = try positiveNumber(key, example: example) else { return nil }
        return .milliseconds(max(1, Int((seconds * 1000).rounded(.up))))
    }

    /// An `http://` or `https://` URL at `key`, without a trailing slash. Whitespace and control
    /// characters (a CR/LF could smuggle protocol lines) are errors.
    public func url(_ key: String, example: String) throws(ConfigurationError) -> String {
        var text = try requiredString(key, example: example)
        guard text.hasPrefix("http://") || text.hasPrefix("https://") else {
            throw error(
                "\(key) must be an http:// or https:// URL", key: key, remedy: "write \"\(key)\": \"\(example)\"")
        }
        if let bad = text.unicodeScalars.first(where: { $0.value < 0x21 || (0x7F...0xA0).contains($0.value) }) {
            throw error(
                "\(key) contains a space or control character (U+\(String(bad.value, radix: 16, uppercase: true)))",
                key: key,
                remedy: "percent-encode it or remove it")
        }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Rejects keys outside `allowed` (plus `name` and `kind`), naming the first unknown one.
    public func rejectUnknownKeys(_ allowed: Set<String>) throws(ConfigurationError) {
        let known = allowed.union(["name", "kind"])
        for property in entry.properties ?? [] where !known.contains(property.name) {
            throw error(
                "unknown key \"\(property.name)\" for a \(kind) backend", key: property.name,
                remedy: "remove it; known keys are \(known.sorted().joined(separator: ", "))")
        }
    }
}

extension ConfigurationError {
    /// `invalidConfiguration`: a configuration entry is missing, unknown or out of range.
    public var codeName: String { "invalidConfiguration" }

    /// The configuration file (else `<configuration>`) and the JSON Pointer of the entry.
    public var location: ErrorLocation { ErrorLocation(file ?? "<configuration>", pointer: pointer) }
}
