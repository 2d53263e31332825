import CanonicalSchemas
import Foundation
import Guided
import Testing

/// A configuration's `outputs.<Type>.examples` gives a type its examples without a code change,
/// inline or in a file next to the configuration; every problem names the file and the place.
@Suite struct ConfiguredExamplesTests {
    static let example =
        #"{"input": "Suggest three next steps.", "facts": ["Goal: read more"], "output": {"steps": ["Visit the library", "Pick a short novel", "Read ten pages tonight"]}}"#

    @Test func inlineExamplesAreRead() throws {
        let directory = try FallbackTemplateLoadingTests.folder(
            outputs: #"{"StepSuggestions": {"examples": ["# + Self.example + "]}}")
        let configuration = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
        let examples = try #require(configuration.outputs["StepSuggestions"]?.examples?.examples)
        #expect(examples.map(\.input) == ["Suggest three next steps."])
        #expect(examples.first?.grounding == ["Goal: read more"])
    }

    @Test func anExamplesFileIsReadRelativeToTheConfigurationFile() throws {
        let directory = try FallbackTemplateLoadingTests.folder(
            outputs: #"{"StepSuggestions": {"examples": {"file": "fallbacks/steps-examples.json"}}}"#,
            files: ["fallbacks/steps-examples.json": "[" + Self.example + "]"])
        let configuration = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
        guard case .file(let path, let examples?) = configuration.outputs["StepSuggestions"]?.examples else {
            Issue.record("the examples file was not read")
            return
        }
        #expect(path == directory + "/fallbacks/steps-examples.json")
        #expect(examples.count == 1)
    }

    @Test func badExamplesAreLocated() throws {
        let inline = try FallbackTemplateLoadingTests.folder(
            outputs: #"{"StepSuggestions": {"examples": [{"input": "x"}]}}"#)
        let missingOutput = try #require(throws: ConfigurationError.self) {
            try GuidedConfiguration.load(file: inline + "/guided.json", environment: [:])
        }
        #expect(missingOutput.pointer == JSONPointer("/outputs/StepSuggestions/examples/0"), "\(missingOutput)")
        let missing = try FallbackTemplateLoadingTests.folder(
            outputs: #"{"StepSuggestions": {"examples": {"file": "none.json"}}}"#)
        let unreadable = try #require(throws: ConfigurationError.self) {
            try GuidedConfiguration.load(file: missing + "/guided.json", environment: [:])
        }
        #expect(unreadable.pointer == JSONPointer("/outputs/StepSuggestions/examples"), "\(unreadable)")
        let malformed = try FallbackTemplateLoadingTests.folder(
            outputs: #"{"StepSuggestions": {"examples": {"file": "bad.json"}}}"#,
            files: ["bad.json": "[\n  {\"output\": ]"])
        let syntax = try #require(throws: ConfigurationError.self) {
            try GuidedConfiguration.load(file: malformed + "/guided.json", environment: [:])
        }
        #expect(syntax.file?.hasPrefix(malformed + "/bad.json:2:") == true, "\(syntax)")
    }

    @Test func aConfiguredExampleThatBreaksTheSchemaIsRefusedAtRegistration() throws {
        let directory = try FallbackTemplateLoadingTests.folder(
            outputs: #"{"StepSuggestions": {"examples": [{"output": {"steps": ["only one"]}}]}}"#)
        let configuration = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
        let session = LanguageModelSession(configuration: configuration)
        let error = try #require(throws: SchemaError.self) {
            try session.register(StepSuggestions.self, policy: .noSuggestion())
        }
        #expect(error.pointer == JSONPointer("/examples/0/output/steps"), "\(error)")
    }
}
