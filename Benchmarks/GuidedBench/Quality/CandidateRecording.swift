import Foundation
import GuidedSchema

/// `guided-bench quality --record FILE`: every readable candidate of a run as JSON Lines, one
/// record per distinct output of a request, so a reader can label what the labels do not cover yet,
/// and `guided-bench labels --run FILE` can score the run once they do. Each line carries the
/// request's flow, id and split, the output as the reader sees it, the checks' verdict (which a
/// labelling pass must hide from the reader) and whether it shipped.
struct CandidateRecording {
    let records: [QualityBenchmark.Record]

    func write(to path: String) throws {
        var order: [String] = []
        var lines: [String: GeneratedContent] = [:]
        for record in records {
            for output in record.outputs {
                let key = ReaderLabels.key(record.flow, record.id, output.readable)
                guard lines[key] == nil else {
                    // The same output twice: it shipped if either did.
                    if output.shipped { lines[key] = Self.line(record, output, shipped: true) }
                    continue
                }
                order.append(key)
                lines[key] = Self.line(record, output, shipped: output.shipped)
            }
        }
        let text = order.compactMap { lines[$0]?.jsonText() }.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func line(_ record: QualityBenchmark.Record, _ output: CandidateOutput, shipped: Bool)
        -> GeneratedContent
    {
        var properties: [(String, GeneratedContent)] = [
            ("flow", GeneratedContent(record.flow)), ("id", GeneratedContent(record.id)),
            ("split", GeneratedContent(record.split)), ("output", GeneratedContent(output.readable)),
            ("verdict", GeneratedContent(output.verdict)), ("shipped", GeneratedContent(shipped)),
        ]
        if let score = output.judgeScore {
            properties.append(("judge", GeneratedContent((score * 10_000).rounded() / 10_000)))
        }
        return GeneratedContent(properties: properties)
    }
}
