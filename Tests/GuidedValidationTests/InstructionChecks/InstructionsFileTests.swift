import Foundation
import GuidedJSON
import GuidedSchema
import GuidedTestSupport
import Testing

/// `Benchmarks/Fixtures/text/instructions.jsonl`, read as `guided-bench text` reads it: every line
/// well-formed, its checks readable, the splits and kinds balanced, and every prompt satisfiable:
/// a careful person's answer (`reference-answers.jsonl` beside it) passes all its checks and the
/// global ones.
@Suite struct InstructionsFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Benchmarks/Fixtures/text")
    static let benchmark = folder.appendingPathComponent("instructions.jsonl").path
    static let answers = folder.appendingPathComponent("reference-answers.jsonl").path
    static let kinds: Set<String> = ["role", "task", "style", "format", "refusal", "conditional"]
    static let keys = ["id", "split", "kind", "instructions", "prompt", "maxTokens", "checks"]

    /// The lines of a JSON Lines file.
    static func lines(_ path: String) throws -> [GeneratedContent] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try JSONReader.parse(String($0))
        }
    }

    static func prompts() throws -> [InstructionPrompt] { try lines(benchmark).map { try InstructionPrompt(line: $0) } }

    @Test func everyLineIsWellFormed() throws {
        let lines = try Self.lines(Self.benchmark)
        #expect(lines.count == 48)
        for (index, line) in lines.enumerated() {
            let id = String(format: "if-%02d", index + 1)
            #expect(line["id"]?.stringValue == id)
            #expect(line.properties?.map(\.name) == Self.keys, "\(id): keys in their order")
            let prompt = try InstructionPrompt(line: line)
            #expect(["dev", "test"].contains(prompt.split), "\(id)")
            #expect(Self.kinds.contains(prompt.kind), "\(id)")
            #expect(line["instructions"]?.isNull == true || !(prompt.instructions ?? "").isEmpty, "\(id)")
            #expect((20...400).contains(prompt.maxTokens), "\(id)")
        }
    }

    @Test func idsAreUniqueAndSplitsAndKindsBalanced() throws {
        let prompts = try Self.prompts()
        #expect(Set(prompts.map(\.id)).count == 48)
        #expect(prompts.filter { $0.split == "dev" }.count == 24)
        #expect(prompts.filter { $0.split == "test" }.count == 24)
        for kind in Self.kinds {
            for split in ["dev", "test"] {
                #expect(prompts.filter { $0.kind == kind && $0.split == split }.count == 4, "\(kind) \(split)")
            }
        }
    }

    @Test func aCarefulAnswerPassesEveryPrompt() throws {
        var answers: [String: String] = [:]
        for line in try Self.lines(Self.answers) {
            answers[try #require(line["id"]?.stringValue)] = try #require(line["answer"]?.stringValue)
        }
        let prompts = try Self.prompts()
        #expect(answers.count == prompts.count)
        for prompt in prompts {
            let answer = try #require(answers[prompt.id], "\(prompt.id) has no reference answer")
            #expect(prompt.failure(of: answer) == nil, "\(prompt.id): \(answer)")
        }
    }

    @Test func aBadCheckIsAnErrorNamingItsKey() throws {
        let line = try JSONReader.parse(
            #"{"id": "x", "split": "dev", "kind": "style", "instructions": null, "prompt": "Hi", "maxTokens": 9, "checks": [{"sentence": 1}]}"#
        )
        #expect(throws: InstructionCheckError.unknownKey("sentence")) { try InstructionPrompt(line: line) }
    }
}
