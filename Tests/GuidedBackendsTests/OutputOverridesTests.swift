import Guided
import GuidedJSON
import Testing

/// Reading the configuration's `outputs` table: the documented example, and a located error
/// for every kind of bad value.
@Suite struct OutputOverridesTests {
    static let backends =
        #""backends": [{"name": "a", "kind": "llama-server", "url": "http://127.0.0.1:9"},"#
        + #"{"name": "b", "kind": "llama-server", "url": "http://127.0.0.1:9"}]"#

    /// The README's example, in full.
    static let example = """
        {\(backends),
         "outputs": {
           "StepSuggestions": {
             "route": ["b", "a"],
             "options": {"temperature": 0.6, "sampling": {"mode": "top-p", "probabilityThreshold": 0.9, "seed": 7},
                         "maximumResponseTokens": 160, "repetitionPenalty": 0.3, "groundedDecoding": true},
             "candidates": {"count": 6, "batchSize": 2},
             "validators": {"repetition": {"maximumWordUses": 3}, "personLevel": false,
                            "blockedPhrase": {"phrases": ["crush it"], "matching": "wholeWord"}, "characterCap": {"maximum": 100}},
             "fallback": {"value": {"steps": ["Write your first step", "Write your second step", "Write your third step"]}}
           },
           "RewrittenNotification": {"options": {"sampling": {"mode": "greedy"}}, "fallback": {"template": "fallbacks/note.json"}}
         }}
        """

    func load(_ json: String, file: String? = nil) throws -> GuidedConfiguration {
        try GuidedConfiguration.from(try JSONReader.parse(json), file: file, registry: .standard())
    }

    /// The configuration error `json` gives, or nil when it loads.
    func loadingError(_ json: String, file: String?) throws -> ConfigurationError? {
        let document = try JSONReader.parse(json)
        do {
            _ = try GuidedConfiguration.from(document, file: file, registry: .standard())
            return nil
        } catch {
            return error
        }
    }

    /// `outputs` holding only `entry` for `StepSuggestions`, with the two backends.
    static func document(_ entry: String) -> String {
        "{\(backends), \"outputs\": {\"StepSuggestions\": \(entry)}}"
    }

    func expectError(
        _ entry: String, at pointer: String, mentioning words: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let error = try loadingError(Self.document(entry), file: "ops/guided.json") {
            #expect(error.pointer.description == pointer, "\(error)", sourceLocation: sourceLocation)
            #expect(error.file == "ops/guided.json", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix("ops/guided.json: error: "), "\(error)", sourceLocation: sourceLocation)
            #expect(error.description.contains("(at #\(pointer))"), "\(error)", sourceLocation: sourceLocation)
            #expect(!error.remedy.isEmpty, sourceLocation: sourceLocation)
            for word in words {
                #expect(error.message.contains(word), "\(error.message) lacks \(word)", sourceLocation: sourceLocation)
            }
        } else {
            Issue.record("loaded without error: \(entry)", sourceLocation: sourceLocation)
        }
    }

    @Test func theDocumentedExampleLoadsEverySetting() throws {
        let configuration = try load(Self.example, file: "/etc/app/guided.json")
        let steps = try #require(configuration.outputs["StepSuggestions"])
        #expect(steps.route == ["b", "a"])
        #expect(configuration.routes["StepSuggestions"] == ["b", "a"], "an outputs route is a route")
        #expect(steps.options.temperature == 0.6)
        #expect(steps.options.sampling == .random(probabilityThreshold: 0.9, seed: 7))
        #expect(steps.options.maximumResponseTokens == 160)
        #expect(steps.options.repetitionPenalty == 0.3)
        #expect(steps.options.groundedDecoding == true)
        #expect(steps.candidates == CandidatePolicy.Overrides(count: 6, batchSize: 2))
        #expect(
            steps.validators.map(\.name) == ["personLevel", "repetition", "blockedPhrase", "characterCap"],
            "personLevel first")
        #expect(steps.validators.map(\.isEnabled) == [false, true, true, true])
        #expect(steps.validators[1].integer("maximumWordUses") == 3)
        #expect(steps.validators[2].texts("phrases") == ["crush it"])
        #expect(steps.validators[2].text("matching") == "wholeWord")
        #expect(steps.pointer.description == "/outputs/StepSuggestions")
        guard case .value(let value) = steps.fallback else {
            Issue.record("expected a value fallback, got \(String(describing: steps.fallback))")
            return
        }
        #expect(value["steps"]?.arrayValue?.count == 3)
        let note = try #require(configuration.outputs["RewrittenNotification"])
        #expect(note.options.sampling == .greedy)
        #expect(note.options.temperature == nil, "what is not configured stays nil")
        #expect(
            note.fallback == .template(path: "/etc/app/fallbacks/note.json", content: nil),
            "relative to the file's folder")
    }

    @Test func samplingModesAndSeeds() throws {
        let topK = try load(
            Self.document(#"{"options": {"sampling": {"mode": "top-k", "top": 40, "seed": 4294967294}}}"#))
        #expect(topK.outputs["StepSuggestions"]?.options.sampling == .random(top: 40, seed: 4_294_967_294))
        let unseeded = try load(
            Self.document(#"{"options": {"sampling": {"mode": "top-p", "probabilityThreshold": 1}}}"#))
        #expect(unseeded.outputs["StepSuggestions"]?.options.sampling == .random(probabilityThreshold: 1))
        let absolute = try load(
            Self.document(#"{"fallback": {"template": "/srv/note.json"}}"#), file: "conf/guided.json")
        #expect(absolute.outputs["StepSuggestions"]?.fallback == .template(path: "/srv/note.json", content: nil))
        let bare = try load(Self.document(#"{"fallback": {"template": "note.json"}}"#), file: "guided.json")
        #expect(bare.outputs["StepSuggestions"]?.fallback == .template(path: "note.json", content: nil))
    }

    @Test func badOutputEntries() throws {
        try expectError(#"[1]"#, at: "/outputs/StepSuggestions", mentioning: ["object"])
        try expectError(
            #"{"temperature": 0.5}"#, at: "/outputs/StepSuggestions/temperature", mentioning: ["unknown key"])
        try expectError(
            #"{"route": ["c"]}"#, at: "/outputs/StepSuggestions/route/0", mentioning: ["unknown backend \"c\""])
        try expectError(#"{"route": "a"}"#, at: "/outputs/StepSuggestions/route", mentioning: ["array"])
        let array = try loadingError("{\(Self.backends), \"outputs\": [1]}", file: "g.json")
        #expect(array?.pointer.description == "/outputs")
    }

    @Test func aRouteGivenTwiceIsAnError() throws {
        let json =
            "{\(Self.backends), \"routes\": {\"StepSuggestions\": [\"a\"]}, \"outputs\": {\"StepSuggestions\": {\"route\": [\"b\"]}}}"
        let error = try #require(try loadingError(json, file: "g.json"), "a route in both places loaded")
        #expect(error.pointer.description == "/outputs/StepSuggestions/route")
        #expect(error.message.contains("both"))
    }

    @Test func badOptions() throws {
        let at = "/outputs/StepSuggestions/options"
        try expectError(#"{"options": {"temperature": 2.5}}"#, at: at + "/temperature", mentioning: ["0 to 2", "2.5"])
        try expectError(
            #"{"options": {"repetitionPenalty": -0.5}}"#, at: at + "/repetitionPenalty", mentioning: ["0 or more"])
        try expectError(#"{"options": {"temperature": "hot"}}"#, at: at + "/temperature")
        try expectError(
            #"{"options": {"maximumResponseTokens": 0}}"#, at: at + "/maximumResponseTokens",
            mentioning: ["whole number"])
        try expectError(#"{"options": {"maximumResponseTokens": 2.5}}"#, at: at + "/maximumResponseTokens")
        try expectError(#"{"options": {"maximumResponseTokens": 1e30}}"#, at: at + "/maximumResponseTokens")
        try expectError(#"{"options": {"repetitionPenalty": -0.1}}"#, at: at + "/repetitionPenalty")
        try expectError(
            #"{"options": {"groundedDecoding": "yes"}}"#, at: at + "/groundedDecoding", mentioning: ["true or false"])
        try expectError(#"{"options": {"topK": 4}}"#, at: at + "/topK", mentioning: ["unknown key"])
        try expectError(#"{"options": {"sampling": "greedy"}}"#, at: at + "/sampling", mentioning: ["object"])
        try expectError(#"{"options": {"sampling": {}}}"#, at: at + "/sampling", mentioning: ["mode"])
        try expectError(
            #"{"options": {"sampling": {"mode": "beam"}}}"#, at: at + "/sampling/mode",
            mentioning: ["greedy, top-k, top-p"])
        try expectError(
            #"{"options": {"sampling": {"mode": "greedy", "seed": 3}}}"#, at: at + "/sampling/seed",
            mentioning: ["unknown key"])
        try expectError(#"{"options": {"sampling": {"mode": "top-k"}}}"#, at: at + "/sampling", mentioning: ["top"])
        try expectError(#"{"options": {"sampling": {"mode": "top-k", "top": 0}}}"#, at: at + "/sampling/top")
        try expectError(
            #"{"options": {"sampling": {"mode": "top-p", "probabilityThreshold": 2}}}"#,
            at: at + "/sampling/probabilityThreshold")
        try expectError(
            #"{"options": {"sampling": {"mode": "top-p", "top": 40}}}"#, at: at + "/sampling/top",
            mentioning: ["unknown key"])
        try expectError(
            #"{"options": {"sampling": {"mode": "top-k", "top": 4, "seed": -1}}}"#, at: at + "/sampling/seed")
        try expectError(
            #"{"options": {"sampling": {"mode": "top-k", "top": 4, "seed": 1.5}}}"#, at: at + "/sampling/seed")
        try expectError(
            #"{"options": {"sampling": {"mode": "top-k", "top": 4, "seed": 18446744073709551616}}}"#,
            at: at + "/sampling/seed")
        // llama-server reads 4294967295 as "a random seed": refused, with the range.
        try expectError(
            #"{"options": {"sampling": {"mode": "top-p", "probabilityThreshold": 0.9, "seed": 4294967295}}}"#,
            at: at + "/sampling/seed", mentioning: ["from 0 to 4294967294"])
    }

    @Test func badCandidates() throws {
        let at = "/outputs/StepSuggestions/candidates"
        try expectError(#"{"candidates": 6}"#, at: at, mentioning: ["object"])
        try expectError(#"{"candidates": {}}"#, at: at, mentioning: ["count"])
        try expectError(#"{"candidates": {"count": 17}}"#, at: at + "/count", mentioning: ["1 to 16"])
        try expectError(#"{"candidates": {"count": 4, "batchSize": 5}}"#, at: at + "/batchSize", mentioning: ["1 to 4"])
        try expectError(#"{"candidates": {"count": 4, "slots": 2}}"#, at: at + "/slots", mentioning: ["unknown key"])
        try expectError(#"{"candidates": {"batchSize": 2}}"#, at: at, mentioning: ["count"])
        try expectError(#"{"candidates": {"stepSense": "off"}}"#, at: at + "/stepSense")
    }

    @Test func theStepSenseCheckIsSetWithOrWithoutACount() throws {
        let alone = try load(Self.document(#"{"candidates": {"stepSense": false}}"#))
        #expect(alone.outputs["StepSuggestions"]?.candidates == CandidatePolicy.Overrides(count: nil, stepSense: false))
        let beside = try load(Self.document(#"{"candidates": {"count": 4, "stepSense": true}}"#))
        #expect(beside.outputs["StepSuggestions"]?.candidates == CandidatePolicy.Overrides(count: 4, stepSense: true))
    }

    @Test func badValidators() throws {
        let at = "/outputs/StepSuggestions/validators"
        try expectError(#"{"validators": ["grounding"]}"#, at: at, mentioning: ["object"])
        try expectError(#"{"validators": {"spelling": true}}"#, at: at + "/spelling", mentioning: ["unknown key"])
        try expectError(#"{"validators": {"schema": false}}"#, at: at + "/schema", mentioning: ["unknown key"])
        try expectError(
            #"{"validators": {"grounding": "on"}}"#, at: at + "/grounding", mentioning: ["true, false or an object"])
        try expectError(
            #"{"validators": {"characterCap": true}}"#, at: at + "/characterCap", mentioning: ["needs parameters"])
        try expectError(#"{"validators": {"characterCap": {}}}"#, at: at + "/characterCap", mentioning: ["maximum"])
        try expectError(#"{"validators": {"characterCap": {"maximum": 0}}}"#, at: at + "/characterCap/maximum")
        try expectError(
            #"{"validators": {"repetition": {"maximumWordUses": 2.5}}}"#, at: at + "/repetition/maximumWordUses")
        try expectError(
            #"{"validators": {"repetition": {"minimumWords": 2}}}"#, at: at + "/repetition/minimumWords",
            mentioning: ["unknown key"])
        try expectError(
            #"{"validators": {"nearDuplicate": {"minimumJaccard": 1.2}}}"#, at: at + "/nearDuplicate/minimumJaccard")
        try expectError(
            #"{"validators": {"blockedPhrase": {"phrases": "unlock"}}}"#, at: at + "/blockedPhrase/phrases",
            mentioning: ["array"])
        try expectError(
            #"{"validators": {"blockedPhrase": {"phrases": ["ok", ""]}}}"#, at: at + "/blockedPhrase/phrases/1")
        try expectError(
            #"{"validators": {"blockedPhrase": {"matching": "regex"}}}"#, at: at + "/blockedPhrase/matching",
            mentioning: ["wordPrefix, wholeWord"])
        try expectError(
            #"{"validators": {"grounding": {"at": ["steps"]}}}"#, at: at + "/grounding/at/0",
            mentioning: ["JSON Pointer"])
        try expectError(
            #"{"validators": {"minimumContent": {"distinctItems": 1}}}"#, at: at + "/minimumContent/distinctItems")
    }

    @Test func badFallbacks() throws {
        let at = "/outputs/StepSuggestions/fallback"
        try expectError(#"{"fallback": {"steps": []}}"#, at: at + "/steps", mentioning: ["unknown key"])
        try expectError(#"{"fallback": {}}"#, at: at, mentioning: ["exactly one"])
        try expectError(#"{"fallback": {"value": {}, "template": "x.json"}}"#, at: at, mentioning: ["exactly one"])
        try expectError(#"{"fallback": {"template": 3}}"#, at: at + "/template", mentioning: ["string"])
        try expectError(#"{"fallback": {"template": ""}}"#, at: at + "/template")
        try expectError(#"{"fallback": "none"}"#, at: at, mentioning: ["object"])
    }
}
