import GuidedSchema

/// One prompt of the instruction-following benchmark (`Benchmarks/Fixtures/text/instructions.jsonl`):
/// a chat app's instructions and a user's message, with the checks a machine runs on the answer.
package struct InstructionPrompt: Sendable, Hashable {
    /// `if-01` …
    package var id: String
    /// `dev` or `test`.
    package var split: String
    /// `role`, `task`, `style`, `format`, `refusal` or `conditional`.
    package var kind: String
    /// The session's instructions; nil where the instruction is in the prompt.
    package var instructions: String?
    /// The user's message.
    package var prompt: String
    /// The token cap the answer is generated under.
    package var maxTokens: Int
    /// What the answer must do (besides ``InstructionCheck/globalFailure(answer:prompt:)``).
    package var checks: [InstructionCheck]

    /// The prompt one line of the file holds.
    /// - Throws: ``InstructionCheckError`` naming the key at fault.
    package init(line: GeneratedContent) throws(InstructionCheckError) {
        func text(_ key: String) throws(InstructionCheckError) -> String {
            guard let value = line[key]?.stringValue, !value.isEmpty else {
                throw .wrongValue(key: key, expected: "a non-empty string")
            }
            return value
        }
        id = try text("id")
        split = try text("split")
        kind = try text("kind")
        prompt = try text("prompt")
        instructions = line["instructions"]?.stringValue
        guard let cap = line["maxTokens"]?.intValue, cap > 0 else {
            throw .wrongValue(key: "maxTokens", expected: "a whole number from 1")
        }
        maxTokens = cap
        guard let objects = line["checks"]?.arrayValue, !objects.isEmpty else {
            throw .wrongValue(key: "checks", expected: "a non-empty array of checks")
        }
        checks = try objects.map { (object) throws(InstructionCheckError) -> InstructionCheck in
            guard let properties = object.properties, properties.count == 1, let only = properties.first else {
                throw .wrongValue(key: "checks", expected: "objects of one key each")
            }
            guard let value = CheckValue(only.value) else {
                throw .wrongValue(key: only.name, expected: "a number, a string, strings, true or a range")
            }
            return try InstructionCheck.parse(key: only.name, value: value)
        }
    }

    /// Why `answer` does not do what the prompt asks — the global checks first, then each of
    /// ``checks`` — or nil when it passes them all.
    package func failure(of answer: String) -> String? {
        if let failure = InstructionCheck.globalFailure(answer: answer, prompt: prompt) { return failure }
        for check in checks {
            if let failure = check.failure(in: answer, prompt: prompt) { return "\(check.key): \(failure)" }
        }
        return nil
    }
}

extension CheckValue {
    /// The check value `content` amounts to, or nil for one no check takes (null, an object
    /// other than a `min`/`max` range, an array holding anything but strings).
    package init?(_ content: GeneratedContent) {
        if let flag = content.boolValue {
            self = .bool(flag)
        } else if let number = content.doubleValue {
            self = .number(number)
        } else if let text = content.stringValue {
            self = .string(text)
        } else if let elements = content.arrayValue {
            let strings = elements.compactMap(\.stringValue)
            guard strings.count == elements.count else { return nil }
            self = .strings(strings)
        } else if let properties = content.properties, Set(properties.map(\.name)).isSubset(of: ["min", "max"]) {
            func bound(_ key: String) -> Int?? {
                guard let value = content[key] else { return .some(nil) }
                guard let number = value.doubleValue, number == number.rounded() else { return nil }
                return .some(Int(number))
            }
            guard let min = bound("min"), let max = bound("max") else { return nil }
            self = .range(min: min, max: max)
        } else {
            return nil
        }
    }
}
