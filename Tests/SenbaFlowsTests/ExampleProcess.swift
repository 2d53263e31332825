import Foundation
import GuidedTestSupport
import Testing

/// Runs one of the built example executables and captures what it printed.
struct ExampleProcess {
    static let repository = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    static let senba = repository + "/examples/Senba"

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// The `--json` object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(stdout) \(stderr)")
        }
    }

    static func run(
        _ name: String, _ arguments: [String], stdin: String? = nil, stdinPath: String? = nil,
        directory: String = NSTemporaryDirectory(), environment: [String: String]? = nil
    ) throws -> Result {
        let binary = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path
        let candidates = [binary, repository + "/.build/debug/" + name]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: binary])
        }
        // GUIDED_CONFIG is removed so each example reads the configuration the test gives it.
        var variables: [String: String?] = ["GUIDED_CONFIG": nil]
        for (key, value) in environment ?? [:] { variables[key] = value }
        let run = try ExecutableRun.run(
            path, arguments, directory: directory, environment: variables, stdin: stdinPath == nil ? stdin ?? "" : nil,
            stdinPath: stdinPath)
        return Result(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// A file in a fresh temporary directory.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = NSTemporaryDirectory() + "senba-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A configuration whose only backend refuses connections.
    static func deadConfiguration(kind: String = "llama-server") throws -> String {
        let backend =
            kind == "llama-server"
            ? #"{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:9"}"#
            : #"{"name": "v1", "kind": "openai-compatible", "url": "http://127.0.0.1:9/v1", "model": "gemma"}"#
        return try temporaryFile("dead.json", #"{"backends": [\#(backend)]}"#)
    }
}
