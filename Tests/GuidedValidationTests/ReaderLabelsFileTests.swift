import Foundation
import Testing

/// `Benchmarks/Fixtures/quality/labels.jsonl`, the reader labels `guided-bench labels` and
/// `guided-bench quality` score against: every line well-formed, about a request of the corpus
/// and in that request's split, each output labelled once, and enough of them in every split.
@Suite struct ReaderLabelsFileTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/Fixtures/quality")
    static let reasons: Set<String> = [
        "nonsense", "changedFact", "unsupportedClaim", "ungrammatical", "notAnAction", "vague", "other",
    ]

    func objects(_ file: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test func everyLabelIsWellFormedAndAboutARequestOfTheCorpusInItsSplit() throws {
        var splits: [String: String] = [:]
        for request in try objects("steps.jsonl") + objects("notifications.jsonl") {
            splits[request["id"] as? String ?? ""] = request["split"] as? String
        }
        var seen: Set<String> = []
        for label in try objects("labels.jsonl") {
            let id = try #require(label["id"] as? String)
            let output = try #require(label["output"] as? String)
            let flow = try #require(label["flow"] as? String)
            #expect(["steps", "notification"].contains(flow))
            #expect(id.hasPrefix(flow == "steps" ? "steps-" : "notif-"), "\(id) is not a \(flow) request")
            #expect(splits[id] != nil && label["split"] as? String == splits[id], "\(id)")
            switch label["label"] as? String {
            case "keep": #expect(label["reason"] == nil, "\(id): a keep has no reason")
            case "reject": #expect(Self.reasons.contains(label["reason"] as? String ?? ""), "\(id): \(output)")
            default: Issue.record("\(id): the label is neither keep nor reject")
            }
            let key = flow + "|" + id + "|" + output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(seen.insert(key).inserted, "\(id) has \(output) labelled twice")
        }
    }

    @Test func everyFlowAndSplitHasLabels() throws {
        let labels = try objects("labels.jsonl")
        #expect(labels.count >= 300)
        for flow in ["steps", "notification"] {
            for split in ["dev", "test"] {
                let group = labels.filter { $0["flow"] as? String == flow && $0["split"] as? String == split }
                #expect(group.count >= 50, "\(flow) \(split): \(group.count) labels")
            }
        }
    }

    @Test func everyStepLabelIsWellFormedAndAboutAStepRequestInItsSplit() throws {
        var splits: [String: String] = [:]
        for request in try objects("steps.jsonl") {
            splits[request["id"] as? String ?? ""] = request["split"] as? String
        }
        var seen: Set<String> = []
        var perAdapterAndSplit: [String: Int] = [:]
        for label in try objects("step-labels.jsonl") {
            let id = try #require(label["id"] as? String)
            let step = try #require(label["step"] as? String)
            let adapter = try #require(label["adapter"] as? String)
            #expect(splits[id] != nil && label["split"] as? String == splits[id], "\(id)")
            let mean = try #require(label["meanLogProbability"] as? Double, "\(id): \(step)")
            #expect(mean < 0, "\(id): \(step)")
            switch label["label"] as? String {
            case "keep": #expect(label["reason"] == nil, "\(id): a keep has no reason")
            case "reject": #expect(Self.reasons.contains(label["reason"] as? String ?? ""), "\(id): \(step)")
            default: Issue.record("\(id): the label is neither keep nor reject")
            }
            #expect(seen.insert(adapter + "|" + id + "|" + step).inserted, "\(adapter) \(id) has \(step) twice")
            perAdapterAndSplit[adapter + " " + (splits[id] ?? ""), default: 0] += 1
        }
        // The version the step-sense floor is calibrated on has enough labels in each split.
        #expect((perAdapterAndSplit["next-steps v2 dev"] ?? 0) >= 200, "\(perAdapterAndSplit)")
        #expect((perAdapterAndSplit["next-steps v2 test"] ?? 0) >= 200, "\(perAdapterAndSplit)")
    }
}
