import Guided
import SenbaFlows
import Testing

/// The committed sample requests are the ones the demo runs, and they build scoped facts.
@Suite struct SampleRequestTests {
    @Test func committedRequestFilesAreTheSamples() throws {
        #expect(
            try FlowIO.load(StepRequest.self, from: ExampleProcess.senba + "/requests/steps-sourdough.json")
                == Samples.stepRequest)
        #expect(
            try FlowIO.load(CopyRequest.self, from: ExampleProcess.senba + "/requests/copy-sourdough.json")
                == Samples.copyRequest)
        _ = try FlowIO.load(StepRequest.self, from: ExampleProcess.senba + "/requests/steps-swim.json")
    }

    @Test func theCommittedConfigSwapConfigurationsAreOneServerTwoWays() throws {
        let completion = try GuidedConfiguration.load(
            file: ExampleProcess.senba + "/configs/llama-server-completion.json")
        let v1 = try GuidedConfiguration.load(file: ExampleProcess.senba + "/configs/llama-server-v1.json")
        #expect(completion.routedBackends.map(\.kind) == ["llama-server"])
        #expect(v1.routedBackends.map(\.kind) == ["openai-compatible"])
    }

    @Test func stepFactsAreTheGoalsOwnAndMarkDoneSteps() {
        let (facts, scope) = StepSuggester.facts(for: Samples.stepRequest)
        #expect(scope == .goal("bake sourdough at home"))
        #expect(
            facts.map(\.text) == [
                "Goal: bake sourdough at home", "Journal: Fed the starter twice.", "Done: Buy a kitchen scale",
            ])
        #expect(facts.map(\.shownToModel) == [true, true, false], "done steps are for the checks only")
        #expect(facts.allSatisfy { $0.scopes == [scope] })
    }

    @Test func theCopyTemplateIsFilledFromTheEntry() throws {
        let (facts, _) = Copywriter.facts(for: Samples.copyRequest)
        #expect(
            try AuthoredTemplate(Samples.copyRequest.template).filled(from: facts).text
                == "Back in March you wrote: \"Fed the starter twice.\"")
    }

    @Test func aDoneStepSuggestedAgainIsRejected() {
        let context = ValidationContext(
            grounding: ["Goal: bake", "Done: Buy a kitchen scale"], schema: StepSuggestions.generationSchema)
        let output: GeneratedContent = ["steps": ["buy a kitchen scale.", "Feed the starter", "Bake a loaf"]]
        #expect(NotAlreadyDoneValidator().check(output, in: context).map(\.pointer.description) == ["/steps/0"])
    }
}
