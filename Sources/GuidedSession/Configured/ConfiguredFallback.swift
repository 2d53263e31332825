import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema

extension FallbackSetting {
    /// The fallback's content for a request with `facts`: the value as written, or the template
    /// with every string's slots filled from the facts (``AuthoredTemplate/filled(from:)``).
    /// Throws ``TemplateError`` naming the first slot no fact fills, or when the template file
    /// was never read.
    package func content(for facts: [Fact]) throws(TemplateError) -> GeneratedContent {
        switch self {
        case .value(let value): return value
        case .template(let path, let content):
            guard let content else {
                throw TemplateError(.missingSlot, "the template file was not read", template: path)
            }
            var values: [String: String] = [:]
            for fact in facts { values.merge(fact.slots) { first, _ in first } }
            return try Self.fill(content, with: values)
        }
    }

    /// `content` with each string, read as an ``AuthoredTemplate``, filled from `values`
    /// (object keys are left as written).
    static func fill(_ content: GeneratedContent, with values: [String: String]) throws(TemplateError)
        -> GeneratedContent
    {
        switch content.kind {
        case .string(let text): return GeneratedContent(try AuthoredTemplate(text).filled(with: values).text)
        case .array(let elements):
            var filled: [GeneratedContent] = []
            for element in elements { filled.append(try fill(element, with: values)) }
            return GeneratedContent(elements: filled)
        case .object(let properties):
            var filled: [(String, GeneratedContent)] = []
            for property in properties { filled.append((property.name, try fill(property.value, with: values))) }
            return GeneratedContent(properties: filled)
        default: return content
        }
    }

    /// Checks a template file's strings: each must parse as an ``AuthoredTemplate``. The error
    /// names the template file and the JSON Pointer of the string.
    package static func checkTemplate(_ content: GeneratedContent, file: String) throws(ConfigurationError) {
        for leaf in content.stringLeavesWithPointers(at: .root) {
            do {
                _ = try AuthoredTemplate(leaf.text)
            } catch {
                throw ConfigurationError(
                    "the string is not a valid template: \(error.message)",
                    remedy: "write slots as {name} and literal braces as {{ and }}", at: leaf.pointer, file: file)
            }
        }
    }

    /// The slot names used anywhere in a template file.
    static func slots(in content: GeneratedContent) -> [String] {
        var seen: [String] = []
        for leaf in content.stringLeavesWithPointers(at: .root) {
            for slot in (try? AuthoredTemplate(leaf.text))?.slots ?? [] where !seen.contains(slot) { seen.append(slot) }
        }
        return seen
    }
}

extension OutputOverrides {
    /// Checks the configured fallback against the output's schema, before any request: a
    /// value must satisfy it; a template, its slots each filled with the slot's own name
    /// (`{month}` → `month`), must too. Each request's filled template is checked again, and
    /// one that does not fit, or a slot no fact fills, is `fallbackDoesNotFit`.
    /// - Throws: ``ConfigurationError`` at `/outputs/<type>/fallback` naming every violation.
    package func checkFallback(against schema: GenerationSchema) throws(ConfigurationError) {
        guard let fallback else { return }
        let content: GeneratedContent
        switch fallback {
        case .value(let value):
            content = value
        case .template(let path, let template):
            guard let template else {
                throw error(
                    "the template file \(path) was not read", key: "fallback",
                    remedy: "load the configuration with GuidedConfiguration.load, which reads template files")
            }
            let names = Dictionary(uniqueKeysWithValues: FallbackSetting.slots(in: template).map { ($0, $0) })
            do {
                content = try FallbackSetting.fill(template, with: names)
            } catch {
                throw self.error(
                    "the template file \(path) cannot be filled: \(error.message)", key: "fallback",
                    remedy: "fix the template")
            }
        }
        let violations = schema.violations(of: content)
        guard violations.isEmpty else {
            throw error(
                "the fallback does not fit the output's schema: "
                    + violations.map(\.description).joined(separator: "; "),
                key: "fallback", remedy: "make the fallback satisfy the schema")
        }
    }
}

extension GeneratedContent {
    /// Every string value with its pointer, under `pointer` (object keys are not values).
    func stringLeavesWithPointers(at pointer: JSONPointer) -> [(text: String, pointer: JSONPointer)] {
        switch kind {
        case .string(let text): [(text, pointer)]
        case .array(let elements):
            elements.enumerated().flatMap { $0.element.stringLeavesWithPointers(at: pointer.appending($0.offset)) }
        case .object(let properties):
            properties.flatMap { $0.value.stringLeavesWithPointers(at: pointer.appending($0.name)) }
        default: []
        }
    }
}
