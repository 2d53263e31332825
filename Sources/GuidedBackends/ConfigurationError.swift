public import GuidedSchema

/// A configuration file that cannot be used, located by file and JSON Pointer.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, if the configuration came from one.
    public var file: String?
    /// Where in the file.
    public var pointer: JSONPointer
    /// What is wrong.
    public var message: String
    /// What to do about it.
    public var remedy: String

    /// Creates an error.
    public init(_ message: String, remedy: String, at pointer: JSONPointer, file: String? = nil) {
        self.message = message
        self.remedy = remedy
        self.pointer = pointer
        self.file = file
    }

    /// `file: error: message (at #/pointer) — remedy`.
    public var description: String {
        "\(file ?? "<configuration>"): error: \(message) (at #\(pointer)) — \(remedy)"
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
        guard let text = value.stringValue else { throw error("\(key) must be a string", key: key, remedy: "write \"\(key)\": \"…\"") }
        return text
    }

    /// The string at `key`; an error if missing.
    public func requiredString(_ key: String, example: String) throws(ConfigurationError) -> String {
        guard let text = try string(key) else {
            throw ConfigurationError("backend \"\(name)\" (\(kind)) needs \"\(key)\"", remedy: "add \"\(key)\": \"\(example)\"", at: pointer, file: file)
        }
        return text
    }

    /// The largest number ``positiveNumber(_:)`` accepts, so that backends can convert it (or
    /// it in milliseconds) to `Int` without trapping.
    public static let largestNumber: Double = 1_000_000_000

    /// The positive number at `key`, if present (at most ``largestNumber``).
    public func positiveNumber(_ key: String) throws(ConfigurationError) -> Double? {
        guard let value = entry[key] else { return nil }
        guard let number = value.doubleValue, number > 0, number <= Self.largestNumber else {
            throw error("\(key) must be a positive number no larger than 1000000000", key: key, remedy: "write \"\(key)\": 30")
        }
        return number
    }

    /// An `http://` or `https://` URL at `key`, without a trailing slash.
    public func url(_ key: String, example: String) throws(ConfigurationError) -> String {
        var text = try requiredString(key, example: example)
        guard text.hasPrefix("http://") || text.hasPrefix("https://") else {
            throw error("\(key) must be an http:// or https:// URL", key: key, remedy: "write \"\(key)\": \"\(example)\"")
        }
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Rejects keys outside `allowed` (plus `name` and `kind`), naming the first unknown one.
    public func rejectUnknownKeys(_ allowed: Set<String>) throws(ConfigurationError) {
        let known = allowed.union(["name", "kind"])
        for property in entry.properties ?? [] where !known.contains(property.name) {
            throw error("unknown key \"\(property.name)\" for a \(kind) backend", key: property.name,
                        remedy: "remove it; known keys are \(known.sorted().joined(separator: ", "))")
        }
    }
}
