import Guided
import Testing

@testable import GuidedSession

/// The one place that decides how a request is generated (``OutputResolution``): for every
/// choice, every combination of the layers that make it — the call, the file, the registered
/// policy — against the framework's default, the first layer in the documented order wins.
@Suite struct OutputResolutionTests {
    struct Steps: Generable {
        static let configuration = GenerableConfiguration(
            examples: [Example("Suggest two steps.", output: ["steps": ["From the schema", "Second"]])],
            adapter: "next-steps")
        @Guide(description: "Two next steps", .count(2))
        var steps: [String] = []
    }

    enum Layer: String, CaseIterable, Sendable {
        case call, file, registered
    }

    /// Every subset of the layers, the empty one included.
    static let subsets: [Set<Layer>] = (0..<(1 << Layer.allCases.count)).map { bits in
        Set(Layer.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element))
    }

    /// The layers one test case gives, each built only when present.
    struct Layers {
        var call = SessionRequest(
            prompt: "Suggest two steps.", grounding: ["Goal: swim"], examples: [], options: .init())
        var callFallback = false
        var file: OutputOverrides?
        var fileRoute: [String]?
        var registered: OutputPolicy<Steps>?

        func resolved() -> OutputResolution<Steps> {
            var plan = OutputPlan.typed(Steps.self, policy: registered)
            plan.fallbackFromCall = callFallback
            return OutputResolution.resolve(
                plan, call: call, file: file, fileRoute: fileRoute, defaultRoute: ["default"])
        }
    }

    /// The value of the first layer of `order` that is `present`, else `fallback`.
    static func winner<T>(_ order: [Layer], _ present: Set<Layer>, values: [Layer: T], otherwise fallback: T) -> T {
        order.first(where: present.contains).flatMap { values[$0] } ?? fallback
    }

    /// Checks `read` of the resolution of every subset of layers (each built by `build`) against
    /// the value of the first present layer of `order`, else `fallback`.
    func expectPrecedence<T: Equatable>(
        _ choice: String, order: [Layer], values: [Layer: T], otherwise fallback: T,
        build: (inout Layers, Layer) -> Void, read: (OutputResolution<Steps>) -> T
    ) {
        for present in Self.subsets {
            var layers = Layers()
            for layer in Layer.allCases where present.contains(layer) { build(&layers, layer) }
            let expected = Self.winner(order, present, values: values, otherwise: fallback)
            #expect(
                read(layers.resolved()) == expected,
                "\(choice) with \(present.map(\.rawValue).sorted()): expected \(expected)")
        }
    }

    /// A registered policy with no fallback, edited by `edit`.
    static func registered(_ layers: Layers, _ edit: (inout OutputPolicy<Steps>) -> Void) -> OutputPolicy<Steps> {
        var policy = layers.registered ?? .noSuggestion()
        edit(&policy)
        return policy
    }

    @Test func optionsComeFromTheCallThenTheFileThenThePolicyThenTheDefaults() {
        let fallback = OutputDefaults.options(for: Steps.generationSchema).temperature
        expectPrecedence(
            "temperature", order: [.call, .file, .registered], values: [.call: 0.1, .file: 0.2, .registered: 0.3],
            otherwise: fallback,
            build: { layers, layer in
                switch layer {
                case .call: layers.call.options.temperature = 0.1
                case .file: layers.file = OutputOverrides(options: GenerationOptions(temperature: 0.2))
                case .registered: layers.registered = Self.registered(layers) { $0.options.temperature = 0.3 }
                }
            }, read: { $0.options.temperature })
    }

    @Test func samplingAndTheRepetitionPenaltyAreTheDefaultsOnlyWhenNoLayerChoseThem() {
        expectPrecedence(
            "sampling is the default", order: [.call, .file, .registered],
            values: [.call: false, .file: false, .registered: false], otherwise: true,
            build: { layers, layer in
                let sampling = GenerationOptions.SamplingMode.random(top: 5, seed: 1)
                switch layer {
                case .call: layers.call.options.sampling = sampling
                case .file: layers.file = OutputOverrides(options: GenerationOptions(sampling: sampling))
                case .registered: layers.registered = Self.registered(layers) { $0.options.sampling = sampling }
                }
            }, read: { $0.samplingIsDefault })
        expectPrecedence(
            "repetition penalty is the default", order: [.call, .file, .registered],
            values: [.call: false, .file: false, .registered: false], otherwise: true,
            build: { layers, layer in
                switch layer {
                case .call: layers.call.options.repetitionPenalty = 0.2
                case .file: layers.file = OutputOverrides(options: GenerationOptions(repetitionPenalty: 0.3))
                case .registered: layers.registered = Self.registered(layers) { $0.options.repetitionPenalty = 0.4 }
                }
            }, read: { $0.repetitionPenaltyIsDefault })
        // The defaults fill both in for a schema all the same.
        #expect(
            Layers().resolved().options.repetitionPenalty
                == OutputDefaults.options(for: Steps.generationSchema).repetitionPenalty)
    }

    @Test func groundedDecodingIsAnOptionOverTheTypeAndTheFacts() {
        // The call has facts, so the default is on; the layers alternate so each differs from the next.
        expectPrecedence(
            "grounded decoding", order: [.call, .file, .registered],
            values: [.call: false, .file: true, .registered: false], otherwise: true,
            build: { layers, layer in
                switch layer {
                case .call: layers.call.options.groundedDecoding = false
                case .file: layers.file = OutputOverrides(options: GenerationOptions(groundedDecoding: true))
                case .registered: layers.registered = Self.registered(layers) { $0.options.groundedDecoding = false }
                }
            }, read: { $0.groundedDecoding })
    }

    @Test func theRouteComesFromTheCallThenTheFileThenThePolicyThenTheConfiguration() {
        expectPrecedence(
            "route", order: [.call, .file, .registered],
            values: [.call: ["call"], .file: ["file"], .registered: ["registered"]], otherwise: ["default"],
            build: { layers, layer in
                switch layer {
                case .call: layers.call.choices.route = ["call"]
                case .file: layers.fileRoute = ["file"]
                case .registered: layers.registered = Self.registered(layers) { $0.route = ["registered"] }
                }
            }, read: { $0.route })
    }

    @Test func theCandidateCountComesFromTheFileThenThePolicyThenTheDefault() {
        expectPrecedence(
            "candidate count", order: [.file, .registered], values: [.file: 5, .registered: 3],
            otherwise: OutputDefaults.candidates.count,
            build: { layers, layer in
                switch layer {
                case .call: layers.call.options.temperature = 0.5
                case .file: layers.file = OutputOverrides(candidates: CandidatePolicy.Overrides(count: 5))
                case .registered:
                    layers.registered = Self.registered(layers) { $0.candidates = CandidatePolicy(count: 3) }
                }
            }, read: { $0.candidates.count })
    }

    @Test func theStepSenseCheckComesFromTheFileThenThePolicyAndIsOffByDefault() {
        expectPrecedence(
            "step sense", order: [.file, .registered], values: [.file: false, .registered: true], otherwise: false,
            build: { layers, layer in
                switch layer {
                case .call: layers.call.options.temperature = 0.5
                case .file:
                    layers.file = OutputOverrides(candidates: CandidatePolicy.Overrides(count: nil, stepSense: false))
                case .registered:
                    layers.registered = Self.registered(layers) {
                        var candidates = CandidatePolicy(count: 4)
                        candidates.checksStepSense = true
                        $0.candidates = candidates
                    }
                }
            }, read: { $0.candidates.checksStepSense })
    }

    @Test func theJudgeComesFromTheFileKeyByKeyThenThePolicy() {
        expectPrecedence(
            "judge threshold", order: [.file, .registered], values: [.file: 0.7, .registered: 0.6],
            otherwise: nil as Double?,
            build: { layers, layer in
                switch layer {
                case .call: layers.call.options.temperature = 0.5
                case .file:
                    var file = OutputOverrides()
                    file.judge = Judge.Overrides(enabled: true, threshold: 0.7)
                    layers.file = file
                case .registered:
                    layers.registered = Self.registered(layers) {
                        var candidates = CandidatePolicy(count: 4)
                        candidates.judge = Judge(threshold: 0.6, question: "Keep it?")
                        $0.candidates = candidates
                    }
                }
            }, read: { $0.candidates.judge?.threshold })
        // Key by key: the file's threshold over the policy's question.
        var layers = Layers()
        layers.registered = Self.registered(layers) {
            var candidates = CandidatePolicy(count: 4)
            candidates.judge = Judge(threshold: 0.6, question: "Keep it?")
            $0.candidates = candidates
        }
        layers.file = OutputOverrides()
        layers.file?.judge = Judge.Overrides(enabled: true, threshold: 0.7)
        #expect(layers.resolved().candidates.judge == Judge(threshold: 0.7, question: "Keep it?"))
        layers.file?.judge = Judge.Overrides(enabled: false)
        #expect(layers.resolved().candidates.judge == nil)
    }

    @Test func examplesComeFromTheCallThenThePolicyThenTheFileThenTheSchema() {
        let example = { (text: String) in
            Example<GeneratedContent>(
                "Suggest two steps.", output: ["steps": GeneratedContent(elements: [GeneratedContent(text), "Second"])])
        }
        expectPrecedence(
            "examples", order: [.call, .registered, .file],
            values: [.call: "From the call", .registered: "From the policy", .file: "From the file"],
            otherwise: "From the schema",
            build: { layers, layer in
                switch layer {
                case .call: layers.call.examples = [example("From the call").backendExample]
                case .file: layers.file = OutputOverrides(examples: .inline([example("From the file")]))
                case .registered:
                    layers.registered = Self.registered(layers) {
                        $0.examples = [
                            Example("Suggest two steps.", output: Steps(steps: ["From the policy", "Second"]))
                        ]
                    }
                }
            }, read: { $0.examples.first?.output["steps"]?.arrayValue?.first?.stringValue ?? "none" })
    }

    @Test func theAdapterIsTheFilesThenTheSchemasAndExamplesOfTheAppsOwnTurnItOff() {
        // The call and the policy bring examples (the base model, shown them); the file names another adapter.
        expectPrecedence(
            "adapter", order: [.call, .registered, .file],
            values: [.call: nil, .registered: nil, .file: ModelAdapter("house-style")],
            otherwise: ModelAdapter("next-steps") as ModelAdapter?,
            build: { layers, layer in
                switch layer {
                case .call:
                    layers.call.examples = [
                        Example<GeneratedContent>("Go.", output: ["steps": ["A", "B"]]).backendExample
                    ]
                case .file: layers.file = OutputOverrides(adapter: .named("house-style"))
                case .registered:
                    layers.registered = Self.registered(layers) {
                        $0.examples = [Example("Go.", output: Steps(steps: ["A", "B"]))]
                    }
                }
            }, read: { $0.adapter })
    }

    @Test func theFallbackIsTheCallsThenTheFilesThenThePolicys() {
        enum Source: Equatable { case call, file, registered, none }
        expectPrecedence(
            "fallback", order: [.call, .file, .registered],
            values: [.call: Source.call, .file: .file, .registered: .registered], otherwise: Source.none,
            build: { layers, layer in
                switch layer {
                case .call: layers.callFallback = true
                case .file: layers.file = OutputOverrides(fallback: .value(["steps": ["Write your own", "Later"]]))
                case .registered:
                    layers.registered = Self.registered(layers) { $0.fallback = { _ in Steps(steps: ["A", "B"]) } }
                }
            },
            read: { resolved in
                if resolved.plan.configuredFallback != nil { return .file }
                if resolved.plan.fallbackFromCall { return .call }
                return resolved.policy.fallback != nil ? .registered : .none
            })
    }

    @Test func historyIsThePolicysElseIndependentForASchema() {
        expectPrecedence(
            "history", order: [.registered], values: [.registered: TranscriptHistory.kept], otherwise: .independent,
            build: { layers, layer in
                switch layer {
                case .call: layers.call.options.temperature = 0.5
                case .file: layers.file = OutputOverrides(options: GenerationOptions(temperature: 0.2))
                case .registered: layers.registered = Self.registered(layers) { $0.history = .kept }
                }
            }, read: { $0.history })
    }

    @Test func theDefaultChecksJoinThePolicysAndTheFileTurnsAnyOff() throws {
        var layers = Layers()
        let defaults = Set(layers.resolved().policy.validators.flattened.map(\.name))
        #expect(defaults.isSuperset(of: ["grounding", "copiedFact"]), "\(defaults)")
        layers.file = OutputOverrides(validators: [ValidatorSetting(name: "grounding", isEnabled: false)])
        #expect(Set(layers.resolved().policy.validators.flattened.map(\.name)) == defaults.subtracting(["grounding"]))
        // A policy that opts out of the defaults keeps only its own.
        layers = Layers()
        layers.registered = Self.registered(layers) { $0.defaultChecks = false }
        #expect(layers.resolved().policy.validators.flattened.isEmpty)
    }

    @Test func aCallThatDecidesTheCandidatesTakesTheFilesOutOfPlay() {
        var layers = Layers()
        layers.file = OutputOverrides(candidates: CandidatePolicy.Overrides(count: 5))
        layers.call.choices.decidesCandidates = true
        #expect(layers.resolved().candidates.count == OutputDefaults.candidates.count)
        layers.registered = Self.registered(layers) { $0.candidates = CandidatePolicy(count: 3) }
        #expect(layers.resolved().candidates.count == 3)
        layers.call.choices.decidesCandidates = false
        #expect(layers.resolved().candidates.count == 5)
    }

    @Test func aCallsJudgeThresholdBeatsTheFilesAndTurnsAFileJudgeThatWasOffOn() {
        var layers = Layers()
        layers.file = OutputOverrides()
        layers.file?.judge = Judge.Overrides(enabled: true, threshold: 0.7, question: "Keep it?")
        layers.call.choices.judgeThreshold = 0.9
        #expect(layers.resolved().candidates.judge == Judge(threshold: 0.9, question: "Keep it?"))
        layers.file?.judge = Judge.Overrides(enabled: false)
        #expect(layers.resolved().candidates.judge?.threshold == 0.9)
        // With no judge in the file, the threshold is the call's policy's to give.
        layers.file?.judge = nil
        #expect(layers.resolved().candidates.judge == nil)
    }

    @Test func theChecksACallDecidesAreLeftOutOfTheFile() {
        var layers = Layers()
        layers.file = OutputOverrides(validators: [ValidatorSetting(name: "grounding", isEnabled: false)])
        #expect(!layers.resolved().policy.validators.flattened.map(\.name).contains("grounding"))
        layers.call.choices.checks = ["grounding"]
        #expect(layers.resolved().policy.validators.flattened.map(\.name).contains("grounding"))
    }
}

/// A call's own fallback beats the configured one for every kind of output: a typed request, and
/// a schema read at run time.
@Suite struct CallFallbackTests {
    static let schema = OutputResolutionTests.Steps.generationSchema
    static let configured: GeneratedContent = ["steps": ["From the file", "Second"]]
    static let own: GeneratedContent = ["steps": ["From the call", "Second"]]

    @Test func aRuntimeSchemasCallFallbackBeatsTheConfiguredOne() async throws {
        let session = LanguageModelSession(
            configuration: GuidedConfiguration(
                backends: [], outputs: ["Steps": OutputOverrides(fallback: .value(Self.configured))]))
        var request = GenerationRequest("Suggest two steps.", schema: Self.schema, name: "Steps")
        #expect(try await session.respond(to: request).value == Self.configured)
        request.fallback = Self.own
        #expect(try await session.respond(to: request).value == Self.own)
    }
}
