import CanonicalSchemas
import Foundation
import Guided
import GuidedManagedServer
import SenbaFlows

/// `guided-bench grounded [--rounds N]`: what grounded decoding costs per generated token, against
/// the plain grammar of the same schema, on the same prompts and seeds (the corpus's step and
/// notification requests, one candidate each, interleaved so both see the same machine). The
/// server's own timing (`predicted_per_second`) is used, so prompt evaluation is left out.
struct GroundedDecodingBenchmark {
    var rounds: Int

    func run() async {
        guard let corpus = try? QualityCorpus.load() else { return print("cannot read the corpus") }
        let backend = ManagedLlamaServerBackend(name: "embedded")
        guard await backend.availability().isAvailable else {
            print("the embedded model cannot serve")
            exit(1)
        }
        let flows = SenbaQualityFlows(
            configuration: GuidedConfiguration(backends: [backend]), settings: QualitySettings())
        print(
            "grounded decoding cost — Gemma 3 270M, one candidate, seeds 1…\(rounds), ms per generated token (server timing), medians"
        )
        for (name, requests) in [("StepSuggestions", corpus.steps), ("RewrittenNotification", corpus.notifications)] {
            var plain: [Double] = []
            var grounded: [Double] = []
            for request in requests.prefix(8) {
                let base =
                    name == "StepSuggestions" ? stepsRequest(request, flows) : notificationRequest(request, flows)
                for seed in 1...UInt64(rounds) {
                    for isGrounded in [false, true] {
                        var single = base
                        single.options.sampling = .random(top: 40, seed: seed)
                        single.groundedVocabulary = isGrounded ? GroundedVocabulary(grounding: base.grounding) : nil
                        guard let response = try? await backend.respond(to: single),
                            let speed = response.tokensPerSecond, speed > 0
                        else { continue }
                        if isGrounded { grounded.append(1000 / speed) } else { plain.append(1000 / speed) }
                    }
                }
            }
            let p = median(plain)
            let g = median(grounded)
            print(
                String(
                    format:
                        "  %-22@ plain %5.1f ms/token (%d runs)   grounded %5.1f ms/token (%d runs)   ratio %.2f×  (target ≤ 1.20)",
                    name, p, plain.count, g, grounded.count, g / max(p, 0.001)))
        }
        await backend.shutdown()
    }

    /// The backend request the step suggester sends for `request` (plain grammar, one candidate).
    private func stepsRequest(_ request: QualityCorpus.Request, _ flows: SenbaQualityFlows) -> BackendRequest {
        let facts = StepSuggester.facts(for: SenbaQualityFlows.stepRequest(request)).facts.filter(\.shownToModel).map(
            \.text)
        return BackendRequest(
            prompt: StepSuggester.prompt, instructions: StepSuggester.instructions,
            schema: StepSuggestions.generationSchema,
            options: flows.stepOptions, grounding: facts, examples: StepSuggester.examples.map(\.backendExample))
    }

    /// The backend request the copywriter sends for `request` (plain grammar, one candidate).
    private func notificationRequest(_ request: QualityCorpus.Request, _ flows: SenbaQualityFlows) -> BackendRequest {
        let copy = SenbaQualityFlows.copyRequest(request)
        let facts = Copywriter.facts(for: copy).facts
        let filled = (try? AuthoredTemplate(copy.template).filled(from: facts).text) ?? copy.template
        return BackendRequest(
            prompt: filled, instructions: Copywriter.instructions, schema: RewrittenNotification.generationSchema,
            options: flows.notificationOptions, grounding: facts.map(\.text),
            examples: Copywriter.examples.map(\.backendExample))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
