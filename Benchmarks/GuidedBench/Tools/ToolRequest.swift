import Guided

/// One committed request of the tool benchmark (`Benchmarks/Fixtures/tools/requests.jsonl`): the
/// prompt, the tools offered, the tool it needs (`none` for none) with the arguments it should
/// pass, and a word of the tool's result the answer should hold.
struct ToolRequest: Sendable {
    var id: String
    var split: String
    /// `needed`, `not needed` or `two offered`.
    var kind: String
    var prompt: String
    var tools: [String]
    var expect: String
    var arguments: GeneratedContent
    var answerMustContain: String?

    init(_ json: GeneratedContent, at place: String) throws {
        func string(_ key: String) throws -> String {
            guard let value = json[key]?.stringValue else { throw ReaderLabels.LabelError("\(place): no \"\(key)\"") }
            return value
        }
        id = try string("id")
        split = try string("split")
        kind = try string("kind")
        prompt = try string("prompt")
        expect = try string("expect")
        tools = json["tools"]?.arrayValue?.compactMap(\.stringValue) ?? []
        arguments = json["arguments"] ?? [:]
        answerMustContain = json["answerMustContain"]?.stringValue
    }

    /// The committed requests.
    static func load() throws -> [ToolRequest] {
        try ReaderLabels.jsonLines(ToolBenchmark.folder + "/requests.jsonl").map {
            try ToolRequest($0.json, at: $0.place)
        }
    }
}
