import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// Runs the built `guided` executable and checks stdout, stderr and the exit code.
@Suite(.ownThreads) struct GuidedCommandTests {
    static let repository = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func guided(_ arguments: String...) throws -> Result {
        try guided(arguments: arguments)
    }

    /// Runs `guided` with `arguments`; `environment` entries are added to (nil: removed from)
    /// this process's environment.
    static func guided(arguments: [String], environment: [String: String?] = [:]) throws -> Result {
        guard let path = builtProduct("guided") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: repository + "/.build/debug/guided"])
        }
        let run = try ExecutableRun.run(path, arguments, directory: repository, environment: environment)
        return Result(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// The executable product `name` as built: beside the test bundle (the build `swift test`
    /// made), else in the debug build directory; nil when neither is there.
    static func builtProduct(_ name: String) -> String? {
        let sibling = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name).path
        let candidates = [sibling, repository + "/.build/debug/" + name]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes `text` to a file called `name` in the current test's own directory: the files of
    /// one test sit side by side, and tests running in parallel never overwrite each other's.
    static func temporaryFile(_ name: String, _ text: String) throws -> String {
        let test = Test.current.map { String(UInt(bitPattern: $0.id.hashValue), radix: 36) } ?? "outside-a-test"
        let directory = NSTemporaryDirectory() + "guided-cli-\(getpid())/\(test)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func validInstanceIsSilentAndExitsZero() throws {
        let instance = try Self.temporaryFile("ok.json", #"{"steps":["a","b","c"]}"#)
        let result = try Self.guided("validate", "schemas/StepSuggestions.json", instance)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test func invalidInstancePrintsOneLinePerViolationAndExitsOne() throws {
        let long = String(repeating: "x", count: 101)
        let instance = try Self.temporaryFile("bad.json", #"{"steps":["a","","\#(long)"],"extra":1}"#)
        let result = try Self.guided("validate", "schemas/StepSuggestions.json", instance)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("/steps/1: ") })
        #expect(lines.contains { $0.hasPrefix("/steps/2: ") && $0.contains("at most 100") })
        #expect(lines.contains { $0.hasPrefix("/extra: ") })
    }

    @Test func badSchemaExitsTwoWithALocatedError() throws {
        let schema = try Self.temporaryFile("bad-type.json", #"{"type":"strng"}"#)
        let instance = try Self.temporaryFile("x.json", #""abc""#)
        let result = try Self.guided("validate", schema, instance)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad-type.json:1:2: error: unknown type \"strng\" (at #/type)"))
    }

    @Test func unsatisfiableSchemaValidatesButDoesNotCompile() throws {
        // Valid JSON Schema that no string satisfies: validation says so, compilation refuses it.
        let schema = try Self.temporaryFile("contradiction.json", #"{"type":"string","minLength":5,"maxLength":2}"#)
        let instance = try Self.temporaryFile("x.json", #""abc""#)
        #expect(try Self.guided("validate", schema, instance).status == 1)
        let compiled = try Self.guided("compile", schema)
        #expect(compiled.status == 2)
        #expect(
            compiled.stderr.contains(
                "contradiction.json: error: minLength 5 is greater than maxLength 2 (at #/minLength)"))
    }

    @Test func syntaxErrorNamesLineAndColumn() throws {
        let schema = try Self.temporaryFile("syntax.json", "{\n  \"type\": \"string\",,\n}")
        let result = try Self.guided("schema", schema)
        #expect(result.status == 2)
        #expect(result.stderr.contains("syntax.json:2:20: error: invalid JSON"))
    }

    @Test func draft04SchemaWithExtensionsIsReadAndItsIgnoredKeywordsListed() throws {
        let schema = try Self.temporaryFile(
            "draft04.json",
            #"""
            {"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.com/person.json",
             "type": "object", "x-generator": "tool", "example": {"name": "Ada"},
             "properties": {"name": {"type": "string", "x-order": 1}, "age": {"type": "integer", "minimum": 0, "exclusiveMinimum": true}},
             "required": ["name"]}
            """#)
        let result = try Self.guided("schema", schema)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("#/x-generator x-generator: ignored"))
        #expect(result.stdout.contains("#/example example: ignored"))
        #expect(result.stdout.contains("#/properties/name/x-order x-order: ignored"))
        #expect(result.stdout.contains("\"exclusiveMinimum\": 0"))
        let strict = try Self.guided("schema", schema, "--strict")
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("(at #/x-generator)"))
        let instance = try Self.temporaryFile("person.json", #"{"name": "Ada", "age": 0}"#)
        let validated = try Self.guided("validate", schema, instance)
        #expect(validated.status == 1)
        #expect(validated.stdout.contains("/age: a number > 0"))
    }

    @Test func schemaPrintsNormalizedSchemaAndLoweringReport() throws {
        let result = try Self.guided("schema", "schemas/RewrittenNotification.json")
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"maxLength\": 180"))
        #expect(result.stdout.contains("lowering report for gbnf:"))
        #expect(result.stdout.contains("#/properties/text/maxLength maxLength: enforced"))
    }

    @Test func schemaNamesTheConstraintFieldOfEveryBackendKindAndEngine() throws {
        let result = try Self.guided("schema", "schemas/StepSuggestions.json")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let section = try #require(lines.firstIndex { $0.hasPrefix("constraint field per backend") })
        let rows = lines[(section + 1)...].map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        let fields = rows.map { row in
            row.first { $0.contains("grammar") || $0 == "ebnf" || $0 == "format" || $0 == "response_format" }
        }
        #expect(
            fields.map { $0.map(String.init) } == [
                "grammar", "structured_outputs.grammar", "ebnf", "grammar", "parameters.grammar", "response_format",
                "format",
            ])
        let vLLM = try #require(lines.first { $0.contains("dialect vllm") })
        #expect(vLLM.contains("read by XGrammar: 8 enforced, 0 checked after"))
        let llamaCpp = try #require(lines.first { $0.contains("dialect llamacpp") })
        #expect(llamaCpp.contains("Guided's GBNF, read by llama.cpp: 8 enforced, 0 checked after"), "\(llamaCpp)")
        let plain = try #require(lines.first { $0.contains("dialect openai") })
        #expect(plain.contains("disable_any_whitespace"))
    }

    @Test func compilePrintsGrammarAndWritesOneFilePerSchema() throws {
        let printed = try Self.guided("compile", "schemas/StepSuggestions.json")
        #expect(printed.status == 0)
        #expect(printed.stdout.hasPrefix("root ::= "))
        let asSchema = try Self.guided("compile", "schemas/StepSuggestions.json", "--format", "json-schema")
        #expect(asSchema.stdout.contains("\"minItems\": 3"))
        let directory = NSTemporaryDirectory() + "guided-cli-out-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let broken = try Self.temporaryFile("Broken.json", #"{"type":"strng"}"#)
        let many = try Self.guided(
            "compile", "schemas/StepSuggestions.json", "schemas/RewrittenNotification.json", broken, "--out", directory)
        #expect(many.status == 2)
        #expect(many.stderr.contains("Broken.json:1:2: error: unknown type \"strng\""))
        #expect(FileManager.default.fileExists(atPath: directory + "/StepSuggestions.gbnf"))
        #expect(FileManager.default.fileExists(atPath: directory + "/RewrittenNotification.gbnf"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/Broken.gbnf"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try Self.guided("validate", "--frobnicate")
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option --frobnicate"))
    }
}
