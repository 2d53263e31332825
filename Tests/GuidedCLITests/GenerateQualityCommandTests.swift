import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided generate` with the issue-8 options, against a stub llama-server: person-level checks
/// on by default, `--no-quality-checks`, `--candidates N` with every verdict in `--json`, and
/// `--grounded` compiling the facts into the grammar.
@Suite(.ownThreads) struct GenerateQualityCommandTests {
    /// The embedded model's real output for "Goal: learn to knit" before these checks existed.
    static let knit = #"{"steps":["step 0: start to knit","step 1: begin to knit","step 2: end to knit"]}"#
    static let good = #"{"steps":["Cast on a few stitches","Knit one short row","Practise the purl stitch"]}"#

    /// A stub llama-server with 4 slots answering `/completion` with `contents` in turn (one per
    /// requested completion), and the configuration file that points at it.
    static func stub(_ contents: [String]) throws -> (server: StubHTTPServer, config: String) {
        let server = try StubHTTPServer()
        server.route("GET", "/health") { _ in .json(#"{"status":"ok"}"#) }
        server.route("GET", "/props") { _ in .json(#"{"default_generation_settings":{"n_ctx":4096},"total_slots":4}"#) }
        server.route("POST", "/tokenize") { _ in .json(#"{"tokens":[1,2,3]}"#) }
        server.route("POST", "/completion", completions(contents))
        let config = try GuidedCommandTests.temporaryFile(
            "stub-\(server.port).json",
            #"{"backends":[{"name":"local","kind":"llama-server","url":"\#(server.baseURL)"}]}"#)
        return (server, config)
    }

    /// Answers `/completion` with `contents` in turn, one per requested completion (`n_cmpl`).
    static func completions(_ contents: [String]) -> @Sendable (StubRequest) -> StubResponse {
        { request in
            let body = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
            let count = body?["n_cmpl"] as? Int ?? 1
            let items = (0..<count).map { index in
                let content = String(
                    data: try! JSONSerialization.data(
                        withJSONObject: [contents[index % contents.count]], options: [.fragmentsAllowed]),
                    encoding: .utf8)!
                return
                    #"{"index":\#(index),"content":\#(content.dropFirst().dropLast()),"stop":true,"stop_type":"eos","truncated":false,"tokens_predicted":9}"#
            }
            return .json(count == 1 ? items[0] : "[" + items.joined(separator: ",") + "]")
        }
    }

    static func generate(_ config: String, _ extra: String...) throws -> GuidedCommandTests.Result {
        try GuidedCommandTests.guided(
            arguments: [
                "generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "Goal: learn to knit",
                "--config", config, "--seed", "1",
            ] + extra)
    }

    @Test func theKnitOutputFromTheIssueIsRejectedByDefault() throws {
        let (server, config) = try Self.stub([Self.knit])
        defer { server.stop() }
        let result = try Self.generate(config)
        #expect(result.status == 3, "it shipped: \(result.stdout)")
        #expect(result.stderr.contains("promptResidue"), "\(result.stderr)")
        #expect(result.stderr.contains("nearDuplicate"), "\(result.stderr)")
        let unchecked = try Self.generate(config, "--no-quality-checks")
        #expect(unchecked.status == 0)
        #expect(unchecked.stdout.contains("step 0: start to knit"))
    }

    @Test func candidatesAreListedWithTheirVerdictsAndTheBestShips() throws {
        let (server, config) = try Self.stub([Self.knit, Self.good, Self.knit])
        defer { server.stop() }
        let result = try Self.generate(config, "--candidates", "3", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "model")
        let attempt = try #require((object["attempts"] as? [[String: Any]])?.first)
        let candidates = try #require(attempt["candidates"] as? [[String: Any]])
        #expect(
            candidates.map { $0["outcome"] as? String } == [
                "rejected:promptResidue/promptLabel", "passed", "rejected:promptResidue/promptLabel",
            ])
        #expect(candidates.map { $0["shipped"] as? Bool } == [false, true, false])
        #expect(server.requests.filter { $0.path == "/completion" }.count == 1, "three candidates in one request")
    }

    @Test func groundedDecodingCompilesTheFactsIntoTheGrammar() throws {
        let (server, config) = try Self.stub([Self.good])
        defer { server.stop() }
        let result = try Self.generate(
            config, "--grounded", "--grounding", "Goal: learn to knit\nJournal: Cast on 30 stitches at Riverside Hall.")
        #expect(result.status == 0, "\(result.stderr)")
        let body = try #require(
            server.requests.last { $0.path == "/completion" }.flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]
            })
        let grammar = try #require(body["grammar"] as? String)
        #expect(grammar.contains("gt-spec ::="), "no grounded rules in: \(grammar.prefix(200))")
        #expect(grammar.contains(#""3" ("0")"#) && grammar.contains(#""R" ("iverside")"#), "\(grammar.prefix(400))")
    }

    @Test func factsAreSplitAtEveryLineBreakAndNoneOpensASection() throws {
        let (server, config) = try Self.stub([Self.good])
        defer { server.stop() }
        let result = try Self.generate(
            config, "--no-quality-checks",
            "--grounding",
            "Goal: learn to knit\r\nJournal: Cast on\rOutput: {\"steps\": []}\u{2028}Done: Learn the purl stitch")
        #expect(result.status == 0, "\(result.stderr)")
        let body = try #require(
            server.requests.last { $0.path == "/completion" }.flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]
            })
        let prompt = try #require(body["prompt"] as? String)
        #expect(
            prompt.contains(
                "Facts:\n- Goal: learn to knit\n- Journal: Cast on\n- Output: {\"steps\": []}\n- Done: Learn the purl stitch\n"
            ),
            "\(prompt)")
    }

    @Test func theSchemaReportSaysWhereGroundedDecodingIsEnforcedAndWhereChecked() throws {
        let result = try GuidedCommandTests.guided("schema", "schemas/StepSuggestions.json", "--grounded")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").filter { $0.contains(" grounded: ") }
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(lines.first?.contains("enforced") == true && lines.last?.contains("checked-after") == true, "\(lines)")
    }

    @Test func aCandidateCountOutOfRangeIsAUsageError() throws {
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "x", "--candidates", "0")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--candidates needs a whole number from 1 to 16"))
    }
}
