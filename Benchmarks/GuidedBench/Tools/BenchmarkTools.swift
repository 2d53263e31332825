import Foundation
import Guided
import GuidedJSON

/// The benchmark's tools: deterministic fixtures (`Benchmarks/Fixtures/tools/fixtures.json` for
/// the contacts and the weather), so every answer can be checked.
enum BenchmarkTools {
    /// The weekday of a date, from the calendar.
    struct DayOfWeek: Tool {
        struct Arguments: Generable {
            @Guide(description: "The date, as YYYY-MM-DD", .pattern("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"))
            var date = ""
        }

        let name = "day_of_week"
        let description = "Gives the weekday of a date."

        func call(arguments: Arguments) async throws -> String {
            let parts = arguments.date.split(separator: "-").compactMap { Int($0) }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            guard parts.count == 3,
                let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
            else { return "not a date" }
            let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
            return names[calendar.component(.weekday, from: date) - 1]
        }
    }

    /// The tools offered by name: `day_of_week`, `phone_number` and `weather`.
    static func named(_ names: [String]) throws -> [any Tool] {
        let fixtures = try JSONReader.parse(
            String(contentsOfFile: ToolBenchmark.folder + "/fixtures.json", encoding: .utf8), file: "fixtures.json")
        func table(_ key: String) -> [String: String] {
            Dictionary(
                uniqueKeysWithValues: (fixtures[key]?.properties ?? []).compactMap { property in
                    property.value.stringValue.map { (property.name, $0) }
                })
        }
        let contacts = table("contacts")
        let weather = table("weather")
        func lookup(_ name: String, _ description: String, key: String, values: [String: String]) throws -> DynamicTool
        {
            let choices = GeneratedContent(elements: values.keys.sorted().map { GeneratedContent($0) })
            let property = GeneratedContent(properties: [("type", "string"), ("enum", choices)])
            let schema = try GenerationSchema.fromJSONSchema(
                GeneratedContent(properties: [
                    ("type", "object"), ("properties", GeneratedContent(properties: [(key, property)])),
                    ("required", GeneratedContent(elements: [GeneratedContent(key)])), ("additionalProperties", false),
                ])
            ).schema
            return DynamicTool(name: name, description: description, parameters: schema) { arguments in
                values[arguments[key]?.stringValue ?? ""] ?? "unknown"
            }
        }
        let all: [any Tool] = [
            DayOfWeek(),
            try lookup(
                "phone_number", "Gives the phone number of a contact, by full name.", key: "name", values: contacts),
            try lookup("weather", "Gives the current weather in a city.", key: "city", values: weather),
        ]
        return names.compactMap { name in all.first { $0.name == name } }
    }
}
