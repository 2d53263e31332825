import Guided

// Tuning a model, end to end: the settings of a chat app on a foundation model, tried on the
// embedded default (Qwen2.5-Coder-1.5B-Instruct, prompted through its chat template) and printed
// as findings. `swift run tuning`.

/// Prints one line of findings. The model's answers in it have their control characters escaped
/// (``TerminalText``): a terminal would obey an escape sequence or carriage return in them.
func print(_ line: String) { Swift.print(TerminalText.escaped(line)) }

let configuration = try GuidedConfiguration.load()
let question = "Describe a turtle."

/// One answer from a fresh session (a clean transcript), or the reason there was none.
func answer(
    _ prompt: String, instructions: String? = nil, _ options: GenerationOptions, in session: LanguageModelSession? = nil
) async -> String {
    let session = session ?? LanguageModelSession(instructions: instructions, configuration: configuration)
    do {
        return try await session.respond(to: prompt, options: options).value
    } catch {
        return "(no answer: \(error.reason.code))"
    }
}

/// The distinct word 3-grams across `texts`: how varied they are.
func distinctTrigrams(_ texts: [String]) -> Int {
    var seen = Set<String>()
    for text in texts {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard words.count >= 3 else { continue }
        for index in 0...(words.count - 3) { seen.insert(words[index..<index + 3].joined(separator: " ")) }
    }
    return seen.count
}

let greedy = GenerationOptions(sampling: .greedy, maximumResponseTokens: 60)

print("1. Instructions change the answer (greedy, \"\(question)\")")
let plain = await answer(question, instructions: "Answer in one short sentence.", greedy)
let pirate = await answer(question, instructions: "Answer like a pirate would, in one sentence.", greedy)
print("   \"Answer in one short sentence.\"             → \(plain)")
print("   \"Answer like a pirate would, in one sentence.\" → \(pirate)")
print("   different: \(plain != pirate)")
let tutorAnswer = await answer(
    "Solve 8x - 4 = 2.", instructions: "You are a math tutor. Give the final answer as a decimal, never as a fraction.",
    GenerationOptions(sampling: .greedy, maximumResponseTokens: 400))
print(
    "   a math tutor, decimals only, on \"Solve 8x - 4 = 2.\" → final line: "
        + (tutorAnswer.split(separator: "\n").last.map(String.init) ?? ""))

print("2. Greedy from a clean transcript repeats; after a turn the context differs")
let first = await answer(question, greedy)
let second = await answer(question, greedy)
let chat = LanguageModelSession(configuration: configuration)
_ = await answer("What do bees make?", greedy, in: chat)
let afterATurn = await answer(question, greedy, in: chat)
print("   clean, twice: \(first == second ? "the same" : "different") — \(first)")
print("   after a turn: \(afterATurn == first ? "the same" : "different") — \(afterATurn)")

print("3. Seeded top-k and top-p repeat")
for (name, mode) in [
    ("top-k 40, seed 7", GenerationOptions.SamplingMode.random(top: 40, seed: 7)),
    ("top-p 0.9, seed 7", .random(probabilityThreshold: 0.9, seed: 7)),
] {
    let options = GenerationOptions(sampling: mode, temperature: 1.0, maximumResponseTokens: 60)
    let a = await answer(question, options)
    let b = await answer(question, options)
    print("   \(name): \(a == b ? "the same twice" : "different") — \(a)")
}

print("4. Temperature: 10 samples each (top-p 0.95, seeds 1 to 10), distinct word 3-grams")
for temperature in [0.2, 1.0] {
    var samples: [String] = []
    for seed in UInt64(1)...10 {
        let options = GenerationOptions(
            sampling: .random(probabilityThreshold: 0.95, seed: seed), temperature: temperature,
            maximumResponseTokens: 60)
        samples.append(await answer("Tell a one-sentence story about a fox.", options))
    }
    print(
        "   temperature \(temperature): \(distinctTrigrams(samples)) distinct 3-grams, \(Set(samples).count) distinct answers"
    )
}

print("5. The instructions' share of the context window")
let instructions =
    "You are a patient tutor for children. Answer in one or two short sentences, with simple words, and end with a question."
let tutor = LanguageModelSession(instructions: instructions, configuration: configuration)
let fill = await tutor.contextFill()
if let size = fill.contextSize {
    let tenths = Int((Double(fill.used.value) * 1000 / Double(size)).rounded())
    print(
        "   \(fill.used.value) tokens\(fill.used.isEstimate ? " (estimated)" : "") of \(size): "
            + "\(tenths / 10).\(tenths % 10)% (counted by \(fill.backend ?? "?"))")
} else {
    print("   \(fill.used.value) tokens; the context size is unknown")
}
