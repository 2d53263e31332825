import GuidedSchema

/// One value of a configuration document with its place (file and JSON Pointer), and typed
/// readers that turn a wrong type or an out-of-range value into a ``ConfigurationError``
/// located at that place.
///
/// ```swift
/// let node = ConfigurationNode(document, at: JSONPointer(tokens: ["outputs", "StepSuggestions"]), file: "guided.json")
/// let options = try node.object(allowing: ["route", "options"])
/// let temperature = try node["options"]?["temperature"]?.fraction()
/// ```
package struct ConfigurationNode: Sendable {
    /// The JSON value found at ``pointer``, as the document holds it (not yet checked).
    public let value: GeneratedContent
    /// Where the value is in the document.
    public let pointer: JSONPointer
    /// The file the document came from, if any.
    public let file: String?

    /// Wraps `value` with its place, so every reader's error can name `file` and `pointer`
    /// (e.g. `/outputs/StepSuggestions/options`).
    public init(_ value: GeneratedContent, at pointer: JSONPointer, file: String?) {
        self.value = value
        self.pointer = pointer
        self.file = file
    }

    /// The member `key` of this object, located under this node; nil when absent.
    public subscript(key: String) -> ConfigurationNode? {
        value[key].map { ConfigurationNode($0, at: pointer.appending(key), file: file) }
    }

    /// An error located at this node.
    public func error(_ message: String, remedy: String) -> ConfigurationError {
        ConfigurationError(message, remedy: remedy, at: pointer, file: file)
    }

    /// The key (or array index) this node is stored under, for messages: the pointer's last token.
    public var key: String { pointer.tokens.last ?? "value" }

    /// The members of this object, in document order, after checking that every key is in
    /// `allowed` (an unknown key is an error located at that key, listing the known ones); nil
    /// allows any key.
    @discardableResult
    public func object(allowing allowed: Set<String>?, example: String) throws(ConfigurationError)
        -> [ConfigurationNode]
    {
        guard let properties = value.properties else {
            throw error("\"\(key)\" must be an object", remedy: "write \"\(key)\": \(example)")
        }
        for property in properties where !(allowed?.contains(property.name) ?? true) {
            throw ConfigurationError(
                "unknown key \"\(property.name)\" in \(key)",
                remedy: "remove it; known keys are \((allowed ?? []).sorted().joined(separator: ", "))",
                at: pointer.appending(property.name), file: file)
        }
        return properties.map { ConfigurationNode($0.value, at: pointer.appending($0.name), file: file) }
    }

    /// `true` or `false`.
    package func bool() throws(ConfigurationError) -> Bool {
        guard let flag = value.boolValue else {
            throw error("\(key) must be true or false, not \(value.jsonText())", remedy: "write \"\(key)\": true")
        }
        return flag
    }

    /// A whole number in `range` (`2.5` and `1e30` are errors, never rounded or trapped on).
    package func wholeNumber(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let number = value.numberValue, number.isIntegral, let whole = number.intValue, range.contains(whole)
        else {
            throw error(
                "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(value.jsonText())",
                remedy: "write \"\(key)\": \(range.lowerBound)")
        }
        return whole
    }

    /// A finite number in `range`.
    public func number(in range: ClosedRange<Double>) throws(ConfigurationError) -> Double {
        guard let number = value.doubleValue, number.isFinite, range.contains(number) else {
            throw error(
                "\(key) must be a number from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound)), not \(value.jsonText())",
                remedy: "write \"\(key)\": \(Self.text(range.upperBound))")
        }
        return number
    }

    /// A number an option allows (``OptionRange``), or an error naming the option's range.
    public func number(in range: OptionRange) throws(ConfigurationError) -> Double {
        guard let number = value.doubleValue, range.contains(number) else {
            throw error(
                "\(key) must be a number \(range.allowed), not \(value.jsonText())",
                remedy: "write \"\(key)\": \(OptionRange.text(range.lowerBound))")
        }
        return number
    }

    /// A string, optionally one of `choices`.
    public func string(oneOf choices: [String]? = nil) throws(ConfigurationError) -> String {
        guard let text = value.stringValue else {
            throw error("\(key) must be a string, not \(value.jsonText())", remedy: "write \"\(key)\": \"…\"")
        }
        if let choices, !choices.contains(text) {
            throw error(
                "\(key) must be one of \(choices.joined(separator: ", ")), not \"\(text)\"",
                remedy: "write \"\(key)\": \"\(choices[0])\"")
        }
        return text
    }

    /// An array of strings (each non-empty).
    public func strings() throws(ConfigurationError) -> [String] {
        guard let elements = value.arrayValue else {
            throw error("\(key) must be an array of strings", remedy: "write \"\(key)\": [\"…\"]")
        }
        var texts: [String] = []
        for (index, element) in elements.enumerated() {
            guard let text = element.stringValue, !text.isEmpty else {
                throw ConfigurationError(
                    "\(key) must hold non-empty strings, not \(element.jsonText())", remedy: "write a string here",
                    at: pointer.appending(index), file: file)
            }
            texts.append(text)
        }
        return texts
    }

    /// An array of JSON Pointers into the output (`["/steps"]`).
    public func pointers() throws(ConfigurationError) -> [JSONPointer] {
        var result: [JSONPointer] = []
        for (index, text) in try strings().enumerated() {
            guard let parsed = JSONPointer(text) else {
                throw ConfigurationError(
                    "\"\(text)\" is not a JSON Pointer", remedy: "write it like \"/steps\" (\"\" for the whole output)",
                    at: pointer.appending(index), file: file)
            }
            result.append(parsed)
        }
        return result
    }

    /// A number for a message: `1` rather than `1.0`.
    static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
