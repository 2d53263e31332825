import Guided
import GuidedCommandLine

/// `guided respond`: free text, argument mapping over
/// ``LanguageModelSession/respond(to:grounding:examples:options:policy:)`` (or its stream with
/// `--stream`). Prints the answer on stdout and a one-line trace on stderr; with `--json`, one
/// object `{"text", "source" (model | fallback | none), "backend", "truncated", "tokens", "usage",
/// "attempts"}`. Exit codes are `guided generate`'s: 0 an answer, 2 a usage error, 3 none.
///
/// Routed like `generate`: `--backend NAME`, else the configuration's route. A base model's
/// answer ends at the prompt format's next section (`CompletionPrompt.sectionMarkers`), at a
/// `--stop` text, or at `--max-tokens`, where it is marked truncated (`--whole-sentences` trims
/// it to its last whole sentence).
enum RespondCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        guard let prompt = arguments.value(.prompt) else {
            throw .usage("error: respond needs --prompt TEXT\n\n\(Usage.text(for: .respond))")
        }
        var options = try GenerationArguments.options(arguments)
        if let stop = arguments.value(.stop) {
            guard !stop.isEmpty else {
                throw .usage("error: --stop needs text: an empty stop would end every answer before its first word")
            }
            options.stopSequences = [stop]
        }
        if arguments.flag(.wholeSentences) { options.trimsToLastSentence = true }
        var configuration = try GenerationArguments.configuration(arguments)
        if let backend = arguments.value(.backend) {
            guard configuration.backend(named: backend) != nil else {
                let names = configuration.backends.map(\.name).joined(separator: ", ")
                throw .usage("error: no backend named \(backend); configured: \(names)")
            }
            configuration.route = [backend]
        }
        let session = LanguageModelSession(
            instructions: arguments.value(.instructions), configuration: configuration)
        let result: Result<GenerationOutcome<String>, GenerationError>
        if arguments.flag(.stream) {
            result = try await streamed(session, prompt, options, json: arguments.flag(.json))
        } else {
            do throws(GenerationError) {
                result = .success(try await session.respond(to: prompt, options: options))
            } catch {
                result = .failure(error)
            }
        }
        let attempts =
            switch result {
            case .success(let outcome): outcome.attempts
            case .failure(let error): error.attempts
            }
        Console.error(
            "trace: "
                + (attempts.isEmpty
                    ? "no backend tried" : Console.line(attempts.map(\.description).joined(separator: "; "))))
        switch result {
        case .success(let outcome):
            if arguments.flag(.json) { return Console.out(report(outcome).jsonText()) }
            if !arguments.flag(.stream) { Console.out(outcome.value) }
            if outcome.isTruncated { Console.error("truncated: the answer reached the token limit") }
        case .failure(let error):
            if arguments.flag(.json) {
                Console.out(report(error).jsonText())
                throw CommandFailure(message: "", exitCode: 3)
            }
            throw CommandFailure(
                message: "error: no backend produced an answer (\(Console.line("\(error.reason)")))", exitCode: 3)
        }
    }

    /// The answer as it grows, each new part printed as it comes (a restart on a new line).
    private static func streamed(
        _ session: LanguageModelSession, _ prompt: String, _ options: GenerationOptions, json: Bool
    ) async throws(CommandFailure) -> Result<GenerationOutcome<String>, GenerationError> {
        var answer = StreamedAnswer()
        let snapshots = session.streamResponse(to: GenerationRequest<String>(prompt, options: options))
        return try await StreamedOutcome.of(snapshots, what: "answer") { snapshot in
            switch snapshot {
            case .partial(let growing):
                guard !json else { return }
                Console.print(answer.part(of: growing.text))
            case .restarted:
                if !json, !answer.shown.isEmpty { Console.print("\n") }
                answer.restart()
            case .complete(let outcome):
                if !json { Console.print(answer.ending(with: outcome.value)) }
            }
        }
    }

    static func report(_ outcome: GenerationOutcome<String>) -> GeneratedContent {
        var backend: GeneratedContent = nil
        var tokens: GeneratedContent = nil
        var source: GeneratedContent = "fallback"
        var reason: GeneratedContent = nil
        switch outcome.source {
        case .model(let name, let count, _):
            backend = GeneratedContent(name)
            tokens = count.map { GeneratedContent($0) } ?? nil
            source = "model"
        case .fallback(let why):
            reason = GeneratedContent(why.code.rawValue)
        }
        return [
            "text": GeneratedContent(outcome.value), "source": source, "backend": backend, "reason": reason,
            "truncated": GeneratedContent(outcome.isTruncated), "tokens": tokens,
            "usage": GenerateCommand.report(outcome.usage), "attempts": GenerateCommand.report(outcome.attempts),
        ]
    }

    static func report(_ error: GenerationError) -> GeneratedContent {
        [
            "text": nil, "source": "none", "backend": nil, "reason": GeneratedContent(error.reason.code.rawValue),
            "truncated": false, "tokens": nil,
            "attempts": GenerateCommand.report(error.attempts),
        ]
    }
}
