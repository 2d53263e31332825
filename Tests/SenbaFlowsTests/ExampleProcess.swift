import Foundation
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

    static func run(_ name: String, _ arguments: [String], stdin: String? = nil, directory: String = NSTemporaryDirectory(),
                    environment: [String: String]? = nil) throws -> Result {
        let binary = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path
        let candidates = [binary, repository + "/.build/debug/" + name]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: binary])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var variables = ProcessInfo.processInfo.environment
        variables["GUIDED_CONFIG"] = nil
        for (key, value) in environment ?? [:] { variables[key] = value }
        process.environment = variables
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
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
        let backend = kind == "llama-server"
            ? #"{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:9"}"#
            : #"{"name": "v1", "kind": "openai-compatible", "url": "http://127.0.0.1:9/v1", "model": "gemma"}"#
        return try temporaryFile("dead.json", #"{"backends": [\#(backend)]}"#)
    }
}
