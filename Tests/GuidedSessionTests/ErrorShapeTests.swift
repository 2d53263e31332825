import CanonicalSchemas
import Guided
import GuidedGrammar
import GuidedJSON
import Testing

/// Every public error has one shape — a code, a message, a remedy, a location — and one
/// rendering, so an app catches and prints them all the same way.
@Suite struct ErrorShapeTests {
    @Test func aSchemaErrorRendersItsFileLineColumnPointerAndRemedy() {
        let error = SchemaError(
            .invalidValue, "maxLength must be a whole number", remedy: "write \"maxLength\": 180",
            at: JSONPointer(tokens: ["properties", "text"]), file: "Note.schema.json", line: 3, column: 7)
        #expect(error.codeName == "invalidValue")
        #expect(
            error.location
                == ErrorLocation(
                    "Note.schema.json", pointer: JSONPointer(tokens: ["properties", "text"]), line: 3, column: 7))
        #expect(
            error.description
                == "Note.schema.json:3:7: error: maxLength must be a whole number (at #/properties/text) — write \"maxLength\": 180"
        )
        #expect(error.rendered(severity: "warning").hasPrefix("Note.schema.json:3:7: warning: "))
    }

    @Test func aConfigurationErrorNamesItsFileAndEntry() {
        let error = ConfigurationError(
            "url must be a string", remedy: "write \"url\": \"http://127.0.0.1:8080\"",
            at: JSONPointer(tokens: ["backends", "0", "url"]), file: "guided.json")
        #expect(error.codeName == "invalidConfiguration")
        #expect(error.location == ErrorLocation("guided.json", pointer: JSONPointer(tokens: ["backends", "0", "url"])))
        #expect(error.description == error.rendered())
    }

    @Test func aJSONSyntaxErrorHasItsLineColumnAndARemedy() throws {
        let error = try #require(
            throwing(JSONSyntaxError.self) { _ = try JSONReader.parse("{\n  \"a\": ]", file: "x.json") })
        #expect(error.codeName == "syntax")
        #expect(error.location.source == "x.json")
        #expect(error.location.line == 2)
        #expect(error.location.column != nil)
        #expect(!error.remedy.isEmpty)
    }

    @Test func aTemplateErrorSaysHowToFixTheTemplate() throws {
        let error = try #require(throwing(TemplateError.self) { _ = try AuthoredTemplate("Back in {month") })
        #expect(error.codeName == "unbalancedBrace")
        #expect(error.rendered().hasPrefix("template \"Back in {month\": error: "))
        #expect(error.remedy.contains("{{"))
    }

    @Test func aDecodingErrorPointsAtTheValueThatDidNotMatch() throws {
        let error = try #require(
            throwing(ContentDecodingError.self) { _ = try StepSuggestions(["steps": 3]) })
        #expect(error.codeName == "typeMismatch")
        #expect(error.location.pointer == JSONPointer(tokens: ["steps"]))
    }

    @Test func aBackendErrorIsLocatedAtItsBackendWithARemedyPerCode() {
        let error = BackendError(.transport, backend: "embedded", "connection refused")
        #expect(error.codeName == "transport")
        #expect(error.location == ErrorLocation("embedded"))
        #expect(error.remedy.contains("url"))
    }

    @Test func aGrammarErrorIsAtItsSchemaPointer() {
        let error = GrammarError(
            "no value can satisfy this", remedy: "relax the bounds", at: JSONPointer(tokens: ["a"]), unsatisfiable: true
        )
        #expect(error.codeName == "unsatisfiable")
        #expect(error.rendered() == "<schema>: error: no value can satisfy this (at #/a) — relax the bounds")
    }

    @Test func everyErrorPrintsAsItsOneRendering() throws {
        let decoding = try #require(throwing(ContentDecodingError.self) { _ = try StepSuggestions(["steps": 3]) })
        let template = try #require(throwing(TemplateError.self) { _ = try AuthoredTemplate("Back in {month") })
        let syntax = try #require(throwing(JSONSyntaxError.self) { _ = try JSONReader.parse("{]", file: "x.json") })
        let errors: [any GuidedError] = [
            SchemaError(.invalidValue, "bad", remedy: "fix it"), decoding, template, syntax,
            GrammarError("not writable", remedy: "drop it", at: .root),
            BackendError(.timeout, backend: "local", "slow"),
            FileReadError.missing,
        ]
        for error in errors { #expect(error.description == error.rendered(), "\(type(of: error))") }
        #expect(
            decoding.description
                == "<content>: error: expected an array, got 3 (at #/steps) — check the content against the type's generationSchema before decoding it"
        )
        #expect(FileReadError.missing.description == "<file>: error: no such file — check the path")
    }

    @Test func detailsFollowTheRemedy() {
        let invalid = BackendError(
            .invalidOutput, backend: "local", "the output breaks the schema",
            violations: [
                Violation(
                    pointer: JSONPointer(tokens: ["steps"]), keyword: "minItems", expected: "3 items",
                    excerpt: "[\"a\",\"b\"]")
            ],
            excerpt: "{\"steps\":[\"a\",\"b\"]}")
        #expect(
            invalid.description
                == "local: error: the output breaks the schema (at #/steps) — give the model examples, or raise maximumResponseTokens [/steps: 3 items, got [\"a\",\"b\"]; output: {\"steps\":[\"a\",\"b\"]}]"
        )
        #expect(BackendError(.timeout, backend: "local", "slow").details == nil)
    }

    @Test func aGrammarErrorBecomesTheSchemaErrorOfItsKind() {
        let unsatisfiable = GrammarError("no value fits", remedy: "relax the bounds", at: .root, unsatisfiable: true)
        #expect(unsatisfiable.schemaError(file: "a.json").code == .contradictoryBounds)
        #expect(
            GrammarError("not writable", remedy: "drop it", at: .root).schemaError(file: nil).code
                == .unsupportedKeyword)
    }

    @Test func aGenerationErrorCarriesTheReasonsCodeAndARemedy() async throws {
        let dead = ScriptedBackend("dead", available: RouterTests.down, answers: [.output(RouterTests.good)])
        let session = LanguageModelSession(configuration: GuidedConfiguration(backends: [dead]))
        try session.register(StepSuggestions.self, policy: .noSuggestion())
        do {
            _ = try await session.respond(to: GenerationRequest<StepSuggestions>("Goal: learn to swim"))
            Issue.record("a dead backend shipped something")
        } catch {
            #expect(error.codeName == "noBackendAvailable")
            #expect(error.remedy.contains("scripts/setup-model"))
            let shaped: any GuidedError = error
            #expect(shaped.rendered().hasPrefix("dead: error: "))
            #expect(error.description == error.rendered())
            #expect(error.details == error.attempts.map(\.description).joined(separator: "; "))
        }
    }

    @Test func aFallbackReasonsCodeIsExtensible() {
        let custom = FallbackReason.Code(rawValue: "quotaExceeded")
        #expect(custom != .noBackendAvailable)
        #expect(FallbackReason(custom, "over the quota").description == "quotaExceeded: over the quota")
        #expect(FallbackReason.Code.cancelled.rawValue == "cancelled")
    }

    /// The error `body` throws, as `E`; nil when it throws nothing or something else.
    private func throwing<E: Error>(_ type: E.Type, _ body: () throws -> Void) -> E? {
        do {
            try body()
            return nil
        } catch {
            return error as? E
        }
    }
}
