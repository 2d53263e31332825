import Foundation
import GuidedJSON

/// XGrammar's own grammar parser and matcher (the engine vLLM and SGLang read a grammar with),
/// run as one process per batch through `scripts/xgrammar-check`. The Python is found through
/// `GUIDED_VLLM_PYTHON` or the `vllm.env` that `scripts/setup-vllm` writes. Tests that use it
/// fail, never skip, when it is missing.
public struct XGrammarChecker: Sendable {
    /// One grammar and the texts to match against it.
    public struct Case: Sendable {
        /// The GBNF text.
        public var grammar: String
        /// Texts XGrammar is asked to match to their end.
        public var inputs: [String]

        /// A case of `grammar` and `inputs`.
        public init(grammar: String, inputs: [String] = []) {
            self.grammar = grammar
            self.inputs = inputs
        }
    }

    /// What XGrammar said of one case.
    public enum Verdict: Equatable, Sendable {
        /// The grammar parsed; whether each input matched, in order.
        case parsed(accepts: [Bool])
        /// XGrammar could not parse the grammar.
        case grammarError(String)
    }

    /// XGrammar is not installed, or the checker did not answer.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do.
        public let description: String
    }

    /// The Python that has XGrammar.
    public let python: String
    /// `scripts/xgrammar-check`.
    public let script: String

    /// Finds the Python and the script; throws ``Failure`` when either is missing.
    /// - Parameter packageRoot: The package's root folder (holding `scripts/`).
    public init(packageRoot: String) throws {
        guard let python = Self.locatePython(), FileManager.default.isExecutableFile(atPath: python) else {
            throw Failure(
                description: "XGrammar's Python not found: run scripts/setup-vllm (or set GUIDED_VLLM_PYTHON)")
        }
        self.python = python
        script = packageRoot + "/scripts/xgrammar-check"
        guard FileManager.default.fileExists(atPath: script) else {
            throw Failure(description: "\(script) is missing")
        }
    }

    /// `GUIDED_VLLM_PYTHON` from the environment or from `$GUIDED_CACHE/vllm.env`.
    public static func locatePython() -> String? {
        if let path = ProcessInfo.processInfo.environment["GUIDED_VLLM_PYTHON"] { return path }
        let cache = ProcessInfo.processInfo.environment["GUIDED_CACHE"] ?? (NSHomeDirectory() + "/.cache/guided")
        return EnvironmentFile(path: cache + "/vllm.env")?["GUIDED_VLLM_PYTHON"]
    }

    /// XGrammar's verdict on each case, in order: one process for the whole batch.
    public func check(_ cases: [Case]) throws -> [Verdict] {
        var lines = ""
        for item in cases {
            let object: [String: Any] = ["grammar": item.grammar, "inputs": item.inputs]
            let data = try JSONSerialization.data(withJSONObject: object)
            lines += String(decoding: data, as: UTF8.self) + "\n"
        }
        let input = NSTemporaryDirectory() + "guided-xgrammar-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).jsonl"
        try lines.write(toFile: input, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: input) }

        let errorPath = input + ".stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script]
        process.standardInput = FileHandle(forReadingAtPath: input)
        // stderr goes to a file, so only one pipe is read and neither can fill and stall the checker.
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderrText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""

        let replies = answer.split(separator: UInt8(ascii: "\n"))
        guard process.terminationStatus == 0, replies.count == cases.count else {
            throw Failure(
                description:
                    "scripts/xgrammar-check exited \(process.terminationStatus) after \(replies.count) of \(cases.count) answers: \(stderrText.suffix(800))"
            )
        }
        return try replies.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw Failure(description: "scripts/xgrammar-check answered a line that is not an object")
            }
            if let message = object["error"] as? String { return .grammarError(message) }
            return .parsed(accepts: object["accepts"] as? [Bool] ?? [])
        }
    }
}
