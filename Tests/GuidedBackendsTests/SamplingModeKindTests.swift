import GuidedBackends
import Testing

/// `SamplingMode.kind` names the sampling as Foundation Models 27 does
/// (`GenerationOptions.SamplingMode.Kind`), so an app's settings screen can show what a mode is.
@Suite struct SamplingModeKindTests {
    @Test func eachModeSaysItsKindWithItsParameters() {
        #expect(GenerationOptions.SamplingMode.greedy.kind == .greedy)
        #expect(GenerationOptions.SamplingMode.random(top: 40, seed: 7).kind == .randomTopK(40, seed: 7))
        #expect(GenerationOptions.SamplingMode.random(top: 5).kind == .randomTopK(5, seed: nil))
        #expect(
            GenerationOptions.SamplingMode.random(probabilityThreshold: 0.9, seed: 1).kind
                == .randomProbabilityThreshold(0.9, seed: 1))
    }

    /// What a settings screen writes: one line per kind, from a switch the compiler checks.
    @Test func aSettingsScreenDescribesTheModeFromItsKind() {
        func label(_ mode: GenerationOptions.SamplingMode) -> String {
            switch mode.kind {
            case .greedy: "greedy"
            case .randomTopK(let top, let seed): "top-\(top)" + (seed.map { ", seed \($0)" } ?? "")
            case .randomProbabilityThreshold(let p, let seed): "top-p \(p)" + (seed.map { ", seed \($0)" } ?? "")
            }
        }
        #expect(
            [.greedy, .random(top: 40, seed: 3), .random(probabilityThreshold: 0.5)].map(label)
                == ["greedy", "top-40, seed 3", "top-p 0.5"])
    }
}
