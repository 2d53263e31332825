import Foundation
import Guided
import GuidedJSON
import SenbaFlows

/// The requests a judge is asked about, rebuilt from the quality corpus as the default path
/// sends them (``DefaultPathFlows``): each step request's facts and prompt, each notification's
/// facts and filled template, with the canonical schema.
struct JudgeRequests {
    let byID: [String: BackendRequest]

    init(corpus: QualityCorpus) throws {
        let steps = try SchemaFile.load(DefaultPathFlows.repository + "/schemas/StepSuggestions.json").schema
        let notification = try SchemaFile.load(DefaultPathFlows.repository + "/schemas/RewrittenNotification.json")
            .schema
        var byID: [String: BackendRequest] = [:]
        for request in corpus.steps {
            let facts =
                ["Goal: \(request.goal)"] + request.entries.map { "Journal: \($0.text)" }
                + request.done.map { "Done: \($0)" }
            byID[request.id] = BackendRequest(
                prompt: "Suggest three next steps toward this goal: \(request.goal).",
                instructions: DefaultPathFlows.stepInstructions, schema: steps, grounding: facts)
        }
        for request in corpus.notifications {
            let copy = SenbaQualityFlows.copyRequest(request)
            let scoped = Copywriter.facts(for: copy)
            let template = try? AuthoredTemplate(copy.template).filled(from: scoped.facts)
            byID[request.id] = BackendRequest(
                prompt: template?.text ?? request.entries.first?.text ?? "",
                instructions: DefaultPathFlows.notificationInstructions, schema: notification,
                grounding: scoped.facts.map(\.text))
        }
        self.byID = byID
    }
}
