import Foundation
import Guided

// Tools, end to end: the model looks something up with the app's own functions before it
// answers, on the embedded default. The grammar lets it write only a declared tool's name with
// arguments that tool's schema admits; the result reaches the answer as one of its facts.
// `swift run tools`.

/// The weekday of a date: the app's code, not the model, knows the calendar.
struct DayOfWeek: Tool {
    struct Arguments: Generable {
        @Guide(description: "The date, as YYYY-MM-DD", .pattern("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"))
        var date = ""
    }

    struct NoSuchDate: Error, CustomStringConvertible {
        let date: String
        var description: String { "\(date) is not a date" }
    }

    let name = "day_of_week"
    let description = "Gives the weekday of a date."

    func call(arguments: Arguments) async throws -> String {
        let parts = arguments.date.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard parts.count == 3,
            let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
            calendar.component(.day, from: date) == parts[2]
        else { throw NoSuchDate(date: arguments.date) }
        let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        return names[calendar.component(.weekday, from: date) - 1]
    }
}

/// A contact's phone number, from a schema known at run time.
let directory = ["Ada Lovelace": "+44 20 7946 0018", "Grace Hopper": "+1 202 555 0143"]
let contacts = DynamicTool(
    name: "phone_number", description: "Gives the phone number of a contact, by full name.",
    parameters: try GenerationSchema.fromJSONSchema([
        "type": "object", "properties": ["name": ["type": "string", "enum": ["Ada Lovelace", "Grace Hopper"]]],
        "required": ["name"], "additionalProperties": false,
    ]).schema
) { arguments in directory[arguments["name"]?.stringValue ?? ""] ?? "no such contact" }

let session = LanguageModelSession(
    instructions: "Answer in one short sentence.", tools: [DayOfWeek(), contacts],
    configuration: try GuidedConfiguration.load())
let greedy = GenerationOptions(sampling: .greedy, maximumResponseTokens: 60)

for question in [
    "What day of the week is 1 March 2031?", "What is Grace Hopper's phone number?", "Say hello to Ada in French.",
] {
    do {
        let outcome = try await session.respond(to: question, options: greedy)
        print("Q: \(question)")
        for call in outcome.toolCalls { print("   called \(TerminalText.escaped(call.fact))") }
        print("A: \(TerminalText.escaped(outcome.value))\n")
    } catch {
        print("Q: \(question)\n(no answer: \(error.reason.code): \(TerminalText.escaped(error.reason.message)))\n")
    }
}
