import Guided

/// The settings screen of `guided chat`: instructions, temperature, sampling and seed, changed
/// by slash commands between turns.
struct ChatSettings {
    var instructions: String?
    var temperature: Double?
    /// `default`, `greedy`, `top-k K` or `top-p P`.
    var sampling = "default"
    var top: Int?
    var threshold: Double?
    var seed: UInt64?
    var maximumTokens: Int?

    /// The options the next turn is sent with.
    var options: GenerationOptions {
        var mode: GenerationOptions.SamplingMode?
        switch sampling {
        case "greedy": mode = .greedy
        case "top-k": mode = .random(top: top ?? 40, seed: seed)
        case "top-p": mode = .random(probabilityThreshold: threshold ?? 0.95, seed: seed)
        default: mode = seed.map { .random(top: 40, seed: $0) }
        }
        return GenerationOptions(sampling: mode, temperature: temperature, maximumResponseTokens: maximumTokens)
    }

    /// One line describing the settings.
    var summary: String {
        var parts = ["temperature \(temperature.map { "\($0)" } ?? "default")"]
        switch sampling {
        case "top-k": parts.append("sampling top-k \(top ?? 40)")
        case "top-p": parts.append("sampling top-p \(threshold ?? 0.95)")
        default: parts.append("sampling \(sampling)")
        }
        parts.append("seed \(seed.map(String.init) ?? "none")")
        return parts.joined(separator: ", ")
    }

    /// Applies `/temperature`, `/sampling` or `/seed`; the message to print, or an error that
    /// says what is wrong (the chat goes on either way).
    mutating func apply(_ command: String, _ argument: String) -> Result<String, ChatCommandError> {
        let words = argument.split(separator: " ").map(String.init)
        switch command {
        case "/temperature":
            if argument == "default" {
                temperature = nil
            } else {
                guard let value = Double(argument), GenerationOptions.temperatureRange.contains(value) else {
                    return .failure(
                        ChatCommandError(
                            "/temperature needs a number \(GenerationOptions.temperatureRange.allowed) or default"))
                }
                temperature = value
            }
        case "/sampling":
            switch words.first {
            case "default", "greedy":
                guard words.count == 1 else { return .failure(ChatCommandError("/sampling \(words[0]) takes nothing")) }
                sampling = words[0]
            case "top-k":
                guard words.count == 2, let k = Int(words[1]), GenerationOptions.topRange.contains(Double(k)) else {
                    return .failure(ChatCommandError("/sampling top-k needs a whole number of 1 or more"))
                }
                (sampling, top) = ("top-k", k)
            case "top-p":
                guard words.count == 2, let p = Double(words[1]),
                    GenerationOptions.probabilityThresholdRange.contains(p)
                else {
                    return .failure(ChatCommandError("/sampling top-p needs a number from 0 to 1"))
                }
                (sampling, threshold) = ("top-p", p)
            default:
                return .failure(ChatCommandError("/sampling takes default, greedy, top-k K or top-p P"))
            }
        case "/seed":
            if argument == "none" {
                seed = nil
            } else {
                guard let value = UInt64(argument) else {
                    return .failure(ChatCommandError("/seed needs a whole number of 0 or more, or none"))
                }
                seed = value
            }
        default:
            return .failure(ChatCommandError("unknown command \(command); /help lists them"))
        }
        return .success(summary)
    }
}

/// A chat command that could not be carried out, said plainly; the chat goes on.
struct ChatCommandError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
