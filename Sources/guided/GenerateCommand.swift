import Guided
import GuidedCommandLine
import GuidedJSON
import Synchronization

/// `guided generate`: argument mapping over ``LanguageModelSession/respond(to:schema:name:grounding:examples:options:policy:progress:)``.
/// The session routes the request through the configured backends — the configuration's
/// `routes` entry for the schema's name (the file name without `.schema.json` or `.json`, or
/// `--type NAME`) when there is one, else its `route`, or just `--backend NAME` — skipping
/// unavailable ones and moving on when one fails. Prints the validated JSON on stdout and a
/// one-line trace on stderr. With `--json`, prints one object with the value, its source, the
/// reason and every attempt (and every candidate's verdict); `--fallback FILE` supplies the
/// authored fallback, validated against the schema before anything is sent.
///
/// With no flags it does what a session does by default (`OutputDefaults`): the schema
/// file's examples (`examples`, `x-guided-examples`) or examples derived from its shape, up to
/// twelve candidates, grounded decoding when `--grounding` is given, the measured sampling and
/// token cap, and the default checks (off with `--no-quality-checks`). `--examples FILE`
/// replaces the examples; `--candidates N` the candidates; `--grounded` forces grounded decoding.
///
/// The configuration's `outputs` entry for the schema's name applies as it does in a session
/// (see `OutputOverrides`): what the tool does by default < the configuration < the flags
/// given on this command line.
enum GenerateCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        guard let schemaPath = arguments.value(.schema), let prompt = arguments.value(.prompt) else {
            throw .usage("error: generate needs --schema SCHEMA and --prompt TEXT\n\n\(Usage.text(for: .generate))")
        }
        let schema = try SchemaLoading.load(schemaPath, arguments).schema
        let fallback = try loadFallback(arguments.value(.fallback), schema: schema)
        let grounding = GenerationArguments.facts(arguments.value(.grounding) ?? "")
        var options = try GenerationArguments.options(arguments)
        if arguments.flag(.grounded) { options.groundedDecoding = true }
        var policy = OutputPolicy<GeneratedContent>.noSuggestion(
            validators: try validators(arguments, schema: schema, grounding: grounding),
            candidates: try GenerationArguments.candidates(arguments))
        policy.defaultChecks = !arguments.flag(.noQualityChecks)
        if let threshold = try GenerationArguments.judgeThreshold(arguments) {
            var candidates = policy.candidates ?? OutputDefaults.candidates
            candidates.judge = Judge(threshold: threshold)
            policy.candidates = candidates
        }
        if let path = arguments.value(.examples) { policy.examples = try loadExamples(path, schema: schema) }
        let name = arguments.value(.type) ?? typeName(schemaPath)
        let configuration = try GenerationArguments.configuration(arguments)
        let choices = try choices(arguments, configuration: configuration)
        try checkConfiguredFallback(configuration, for: name, schema: schema, arguments)
        // The stream on stderr as it grows: each snapshot prints only what is new (reprinting the
        // whole text per event grew memory and output with the square of the length).
        let streamed = Mutex("")
        let printSnapshot: @Sendable (ResponseSnapshot<GeneratedContent>) -> Void = { snapshot in
            switch snapshot {
            case .partial(let partial):
                // One line on stderr: a line break in the model's text must not start a line (a forged `trace:`).
                let text = partial.text
                let (restarted, part) = streamed.withLock { shown -> (Bool, String) in
                    defer { shown = text }
                    return text.hasPrefix(shown) ? (false, String(text.dropFirst(shown.count))) : (true, text)
                }
                Console.errorPart((restarted ? "\n" : "") + Console.line(part))
            case .restarted(let attempt):
                streamed.withLock { $0 = "" }
                Console.errorPart("\n[\(Console.line(attempt.description)): starting again]\n")
            case .complete: break
            }
        }
        let session = LanguageModelSession(
            instructions: arguments.value(.instructions), configuration: configuration)
        if let warning = session.missingExamplesWarning(
            for: name, schema: schema, policy: policy, route: choices.route, file: schemaPath)
        {
            Console.error(warning.rendered(severity: "warning"))
        }
        var request = GenerationRequest(
            prompt, schema: schema, name: name, grounding: grounding, options: options, policy: policy)
        request.fallback = fallback
        request.choices = choices
        let result: Result<GenerationOutcome<GeneratedContent>, GenerationError>
        if arguments.flag(.stream) {
            result = try await StreamedOutcome.of(
                session.streamResponse(to: request), what: "output", showing: printSnapshot)
        } else {
            do throws(GenerationError) {
                result = .success(try await session.respond(to: request))
            } catch {
                result = .failure(error)
            }
        }
        let attempts =
            switch result {
            case .success(let outcome): outcome.attempts
            case .failure(let error): error.attempts
            }
        let trace = attempts.map { attempt -> String in
            if case .succeeded = attempt.outcome, case .success(let outcome) = result,
                case .model(_, let tokens, _) = outcome.source
            {
                return
                    "\(attempt.backend): ok, \(tokens.map(String.init) ?? "?") tokens, \(Int(attempt.milliseconds)) ms"
            }
            return attempt.description + detail(attempt)
        }
        if !streamed.withLock({ $0 }).isEmpty { Console.errorPart("\n") }
        Console.error("trace: " + (trace.isEmpty ? "no backend tried" : Console.line(trace.joined(separator: "; "))))
        switch result {
        case .success(let outcome):
            if arguments.flag(.json) { return Console.out(report(outcome).jsonText()) }
            Console.out(outcome.value.jsonText())
            if case .fallback(let reason) = outcome.source { Console.error("fallback: \(Console.line("\(reason)"))") }
        case .failure(let error):
            if arguments.flag(.json) {
                Console.out(report(error).jsonText())
                throw CommandFailure(message: "", exitCode: 3)
            }
            throw CommandFailure(
                message: "error: no backend produced a valid output (\(Console.line("\(error.reason)")))", exitCode: 3)
        }
    }

    /// The name the configuration's `routes` know a schema file by: `schemas/StepSuggestions.json`
    /// and `StepSuggestions.schema.json` are both `StepSuggestions`.
    static func typeName(_ path: String) -> String {
        var name = String(path.split(separator: "/").last ?? Substring(path))
        for suffix in [".json", ".schema"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name
    }

    /// `--min-words`, and grounding when facts are given; the framework's default checks
    /// (`OutputDefaults.checks(for:grounded:)`: the person-level checks on prose strings, no
    /// scaffolding or example echoed, no fact copied) run beside them unless `--no-quality-checks`.
    static func validators(_ arguments: ParsedArguments, schema: GenerationSchema, grounding: [String])
        throws(CommandFailure) -> ValidatorChain
    {
        var validators: [any OutputValidator] = []
        if let text = arguments.value(.minWords) {
            guard let words = Int(text), words > 0 else { throw .usage("error: --min-words needs a positive integer") }
            validators.append(MinimumContentValidator(minimumWords: words))
        }
        if !grounding.isEmpty { validators.append(GroundingValidator()) }
        return ValidatorChain(validators)
    }

    private static func detail(_ attempt: Attempt) -> String {
        switch attempt.outcome {
        case .unavailable(let reason): " — \(reason.message)"
        case .failed(let error): " — \(error.message)"
        case .rejected(let rejections): " — " + rejections.map(\.description).joined(separator: "; ")
        case .overBudget(let message): " — \(message)"
        default: ""
        }
    }

    /// `--examples FILE`: worked examples in Guided's written form, each checked against the
    /// schema; a malformed file or example is a usage error naming the file, line and column.
    static func loadExamples(_ path: String, schema: GenerationSchema) throws(CommandFailure)
        -> [Example<GeneratedContent>]
    {
        do {
            return try ExamplesFile.load(path, checkedAgainst: schema)
        } catch {
            throw .usage(error.description)
        }
    }

    static func loadFallback(_ path: String?, schema: GenerationSchema) throws(CommandFailure) -> GeneratedContent? {
        guard let path else { return nil }
        let value: GeneratedContent
        do {
            value = try JSONReader.read(file: path)
        } catch {
            throw .usage(error.description)
        }
        let violations = schema.violations(of: value)
        guard violations.isEmpty else {
            throw .usage(
                "\(path): error: the fallback does not fit the schema: "
                    + violations.map(\.description).joined(separator: "; "))
        }
        return value
    }

    /// `{"value", "source", "backend", "reason", "usage", "attempts": [{"backend", "outcome", "ms", "constraint"?, "adapter"?, "candidates"?}]}`,
    /// each candidate `{"index", "outcome", "score", "shipped", "output"}`.
    static func report(_ outcome: GenerationOutcome<GeneratedContent>) -> GeneratedContent {
        switch outcome.source {
        case .model(let backend, _, _):
            return [
                "value": outcome.value, "source": "model", "backend": GeneratedContent(backend), "reason": nil,
                "usage": report(outcome.usage), "attempts": report(outcome.attempts),
            ]
        case .fallback(let reason):
            return [
                "value": outcome.value, "source": "fallback", "backend": nil,
                "reason": GeneratedContent(reason.code.rawValue), "usage": report(outcome.usage),
                "attempts": report(outcome.attempts),
            ]
        }
    }

    /// `{"input", "cached", "output"}`: the outcome's tokens (``GenerationOutcome/usage``), each
    /// null where a server did not say.
    static func report(_ usage: GenerationUsage) -> GeneratedContent {
        func count(_ value: Int?) -> GeneratedContent { value.map { GeneratedContent($0) } ?? nil }
        return [
            "input": count(usage.input.totalTokenCount), "cached": count(usage.input.cachedTokenCount),
            "output": count(usage.output.totalTokenCount),
        ]
    }

    /// The report when nothing ships: no value, `"source": "none"`.
    static func report(_ error: GenerationError) -> GeneratedContent {
        [
            "value": nil, "source": "none", "backend": nil, "reason": GeneratedContent(error.reason.code.rawValue),
            "attempts": report(error.attempts),
        ]
    }

    static func report(_ attempts: [Attempt]) -> GeneratedContent {
        GeneratedContent(
            elements: attempts.map { attempt in
                var fields: [(String, GeneratedContent)] = [
                    ("backend", GeneratedContent(attempt.backend)), ("outcome", GeneratedContent(attempt.outcomeCode)),
                    ("ms", GeneratedContent((attempt.milliseconds * 10).rounded() / 10)),
                ]
                if let constraint = attempt.constraint { fields.append(("constraint", GeneratedContent(constraint))) }
                if let adapter = attempt.adapter { fields.append(("adapter", GeneratedContent(adapter.name))) }
                if !attempt.candidates.isEmpty {
                    fields.append(
                        (
                            "candidates",
                            GeneratedContent(
                                elements: attempt.candidates.map { verdict in
                                    [
                                        "index": GeneratedContent(verdict.index),
                                        "outcome": GeneratedContent(verdict.outcomeCode),
                                        "score": verdict.score.map { GeneratedContent(($0 * 1000).rounded() / 1000) }
                                            ?? nil,
                                        "judge": verdict.judgeScore.map {
                                            GeneratedContent(($0 * 1000).rounded() / 1000)
                                        }
                                            ?? nil,
                                        "shipped": GeneratedContent(verdict.shipped),
                                        "output": verdict.text.map { GeneratedContent($0) } ?? nil,
                                    ]
                                })
                        ))
                }
                return GeneratedContent(properties: fields)
            })
    }
}

/// `guided backends`: each configured backend's availability and reason.
enum BackendsCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        let configuration = try GenerationArguments.configuration(arguments)
        let route = Set(configuration.route)
        for backend in configuration.backends {
            let routed = route.contains(backend.name) ? "" : " (not routed)"
            Console.out(Console.line("\(backend.name) [\(backend.kind)]\(routed): \(await backend.availability())"))
        }
    }
}
