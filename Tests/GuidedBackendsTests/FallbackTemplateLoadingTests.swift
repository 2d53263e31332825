import CanonicalSchemas
import Foundation
import Guided
import Testing

/// `GuidedConfiguration.load` reads the fallback template files `outputs` names, relative to
/// the configuration file, and every problem is an error naming the file and the place.
@Suite struct FallbackTemplateLoadingTests {
    /// A fresh folder holding `guided.json` (with `outputs`) and the given extra files.
    static func folder(outputs: String, files: [String: String] = [:]) throws -> String {
        let directory = NSTemporaryDirectory() + "guided-ops-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/fallbacks", withIntermediateDirectories: true)
        let config =
            #"{"backends": [{"name": "a", "kind": "llama-server", "url": "http://127.0.0.1:9"}], "outputs": "#
            + outputs + "}"
        try config.write(toFile: directory + "/guided.json", atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8) }
        return directory
    }

    static let noteOutputs = #"{"RewrittenNotification": {"fallback": {"template": "fallbacks/note.json"}}}"#

    @Test func aTemplateFileIsReadRelativeToTheConfigurationFile() throws {
        let directory = try Self.folder(
            outputs: Self.noteOutputs,
            files: ["fallbacks/note.json": #"{"text": "Back in {month} you wrote: \"{entry}\""}"#])
        let configuration = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
        let settings = try #require(configuration.outputs["RewrittenNotification"])
        guard case .template(let path, let content?) = settings.fallback else {
            Issue.record("the template was not read: \(String(describing: settings.fallback))")
            return
        }
        #expect(path == directory + "/fallbacks/note.json")
        #expect(content["text"]?.stringValue == "Back in {month} you wrote: \"{entry}\"")
        try settings.checkFallback(against: RewrittenNotification.generationSchema)
        let facts = [
            Fact("1 March: Fed the starter.", slots: ["month": "March", "entry": "Fed the starter."], scopes: [])
        ]
        #expect(
            try settings.fallback?.content(for: facts)["text"]?.stringValue
                == "Back in March you wrote: \"Fed the starter.\"")
        #expect(throws: TemplateError.self) { try settings.fallback?.content(for: []) }
    }

    @Test func aMissingTemplateFileNamesTheConfigurationAndPointer() throws {
        let directory = try Self.folder(outputs: Self.noteOutputs)
        do {
            _ = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
            Issue.record("loaded with a missing template file")
        } catch {
            #expect(error.file == directory + "/guided.json")
            #expect(error.pointer.description == "/outputs/RewrittenNotification/fallback")
            #expect(error.message.contains("fallbacks/note.json"), "\(error)")
        }
    }

    @Test func aTemplateFileThatIsNotJSONNamesItsLineAndColumn() throws {
        let directory = try Self.folder(
            outputs: Self.noteOutputs, files: ["fallbacks/note.json": "{\"text\": \n oops}"])
        do {
            _ = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
            Issue.record("loaded a template that is not JSON")
        } catch {
            #expect(error.file?.hasPrefix(directory + "/fallbacks/note.json:2:") == true, "\(error)")
        }
    }

    @Test func aBadTemplateStringNamesTheTemplateFileAndPointer() throws {
        let directory = try Self.folder(
            outputs: Self.noteOutputs, files: ["fallbacks/note.json": #"{"text": "Back in {month you wrote"}"#])
        do {
            _ = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
            Issue.record("loaded a template with an unbalanced brace")
        } catch {
            #expect(error.file == directory + "/fallbacks/note.json")
            #expect(error.pointer.description == "/text")
            #expect(error.message.contains("not a valid template"), "\(error)")
        }
    }

    @Test func aFallbackThatDoesNotFitTheSchemaIsLocated() throws {
        let directory = try Self.folder(
            outputs: #"{"StepSuggestions": {"fallback": {"value": {"steps": ["only one"]}}}}"#)
        let configuration = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
        let settings = try #require(configuration.outputs["StepSuggestions"])
        do {
            try settings.checkFallback(against: StepSuggestions.generationSchema)
            Issue.record("a one-step fallback fit a three-step schema")
        } catch {
            #expect(error.file == directory + "/guided.json")
            #expect(error.pointer.description == "/outputs/StepSuggestions/fallback")
            #expect(error.message.contains("/steps"), "\(error)")
        }
    }

    @Test func aTemplateIsCheckedWithEachSlotFilledByItsName() throws {
        let long = String(repeating: "x", count: 400)
        let directory = try Self.folder(
            outputs: Self.noteOutputs, files: ["fallbacks/note.json": #"{"text": "\#(long) {entry}"}"#])
        let configuration = try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
        #expect(throws: ConfigurationError.self) {
            try configuration.outputs["RewrittenNotification"]?.checkFallback(
                against: RewrittenNotification.generationSchema)
        }
    }

    /// The second probe: a template or examples file that is a FIFO blocked `load` opening it.
    @Test(arguments: ["fallback", "examples"])
    func aTemplateOrExamplesFileThatIsAFIFOIsRefusedWithoutOpeningIt(key: String) throws {
        let outputs =
            key == "fallback"
            ? Self.noteOutputs : #"{"RewrittenNotification": {"examples": {"file": "fallbacks/note.json"}}}"#
        let directory = try Self.folder(outputs: outputs)
        try #require(mkfifo(directory + "/fallbacks/note.json", 0o600) == 0)
        let error = #expect(throws: ConfigurationError.self) {
            try GuidedConfiguration.load(file: directory + "/guided.json", environment: [:])
        }
        #expect(
            error?.pointer == JSONPointer(tokens: ["outputs", "RewrittenNotification", key]),
            "\(String(describing: error))")
        #expect(error?.message.contains("is not a regular file") == true, "\(String(describing: error))")
    }
}
