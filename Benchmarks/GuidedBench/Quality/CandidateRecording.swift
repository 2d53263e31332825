import Foundation
import GuidedSchema

/// `guided-bench quality --record FILE`: every readable candidate of a run as JSON Lines, one
/// record per distinct output of a request, so a reader can label what the labels do not cover yet.
/// Each line carries the request's flow, id and split, the output as the reader sees it, and the
/// checks' verdict (which a labelling pass must hide from the reader).
struct CandidateRecording {
    let records: [QualityBenchmark.Record]

    func write(to path: String) throws {
        var seen: Set<String> = []
        var lines: [String] = []
        for record in records {
            for output in record.outputs
            where seen.insert(ReaderLabels.key(record.flow, record.id, output.readable)).inserted {
                let line: GeneratedContent = [
                    "flow": GeneratedContent(record.flow), "id": GeneratedContent(record.id),
                    "split": GeneratedContent(record.split), "output": GeneratedContent(output.readable),
                    "verdict": GeneratedContent(output.verdict), "shipped": GeneratedContent(output.shipped),
                ]
                lines.append(line.jsonText())
            }
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }
}
