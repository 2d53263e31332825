import Guided
import GuidedJSON

/// `guided generate`: routes the request through the configured backends (or the one
/// `--backend`), skipping unavailable ones and moving on when one fails; prints the validated
/// JSON on stdout and a one-line trace on stderr. With `--json`, prints one object with the
/// value, its source, the reason and every attempt (and every candidate's verdict);
/// `--fallback FILE` supplies the authored fallback, validated against the schema before
/// anything is sent.
///
/// Every free-text string passes the person-level checks (``ValidatorChain/personLevel(stepItems:lengthCap:at:)``,
/// with the schema's string lists as step items, plus ``CopiedFactValidator`` when facts are
/// given) unless `--no-quality-checks`. `--grounded` turns on grounded decoding for the
/// `--grounding` facts; `--candidates N` generates N candidates per attempt and ships the best.
enum GenerateCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        guard let schemaPath = arguments.value("--schema"), let prompt = arguments.value("--prompt") else {
            throw .usage("error: generate needs --schema SCHEMA and --prompt TEXT\n\n\(Usage.text)")
        }
        let schema = try SchemaLoading.load(schemaPath, arguments).schema
        let fallback = try loadFallback(arguments.value("--fallback"), schema: schema)
        let grounding = GenerationArguments.facts(arguments.value("--grounding") ?? "")
        var request = BackendRequest(prompt: prompt, instructions: arguments.value("--instructions"), schema: schema,
                                     options: try GenerationArguments.options(arguments), grounding: grounding)
        if arguments.flag("--grounded") { request.groundedVocabulary = GroundedVocabulary(grounding: grounding) }
        let candidates = try GenerationArguments.candidates(arguments)
        var validators: [any OutputValidator] = []
        if !arguments.flag("--no-quality-checks") {
            validators += ValidatorChain.personLevel(stepItems: schema.stringListPointers).validators
            if !grounding.isEmpty { validators.append(CopiedFactValidator()) }
        }
        if let text = arguments.value("--min-words") {
            guard let words = Int(text), words > 0 else { throw .usage("error: --min-words needs a positive integer") }
            validators.append(MinimumContentValidator(minimumWords: words))
        }
        if !grounding.isEmpty { validators.append(GroundingValidator()) }
        let configuration = try GenerationArguments.configuration(arguments)
        var backends = configuration.routedBackends
        if let name = arguments.value("--backend") {
            guard let chosen = configuration.backend(named: name) else {
                throw .usage("error: no backend named \(name); configured: \(configuration.backends.map(\.name).joined(separator: ", "))")
            }
            backends = [chosen]
        }
        let printProgress: @Sendable (RouteProgress) -> Void = { progress in
            if case .partial(_, let text) = progress { Console.error("partial: \(text)") }
        }
        let result = await Router(policy: RoutePolicy(routing: configuration.routing)).route(request, through: backends, validators: ValidatorChain(validators), candidates: candidates,
                                          progress: arguments.flag("--stream") ? printProgress : nil)
        let trace = result.attempts.map { attempt -> String in
            if case .succeeded = attempt.outcome, case .success(_, let response, _) = result {
                return "\(attempt.backend): ok, \(response.tokensGenerated.map(String.init) ?? "?") tokens, \(Int(attempt.milliseconds)) ms"
            }
            return attempt.description + detail(attempt)
        }
        Console.error("trace: " + (trace.isEmpty ? "no backend tried" : trace.joined(separator: "; ")))
        if arguments.flag("--json") {
            Console.out(report(result, fallback: fallback).jsonText())
            if result.failureReason != nil && fallback == nil { throw CommandFailure(message: "", exitCode: 3) }
            return
        }
        if case .success(let content, _, _) = result {
            Console.out(content.jsonText())
        } else if let fallback {
            Console.out(fallback.jsonText())
            Console.error("fallback: \(result.failureReason?.description ?? "")")
        } else {
            throw CommandFailure(message: "error: no backend produced a valid output (\(result.failureReason?.description ?? ""))", exitCode: 3)
        }
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
            throw .usage("\(path): error: the fallback does not fit the schema: " + violations.map(\.description).joined(separator: "; "))
        }
        return value
    }

    /// `{"value", "source", "backend", "reason", "attempts": [{"backend", "outcome", "ms", "candidates"?}]}`,
    /// each candidate `{"index", "outcome", "score", "shipped", "output"}`.
    static func report(_ result: Router.Result, fallback: GeneratedContent?) -> GeneratedContent {
        let attempts = GeneratedContent(elements: result.attempts.map { attempt in
            var fields: [(String, GeneratedContent)] = [
                ("backend", GeneratedContent(attempt.backend)), ("outcome", GeneratedContent(attempt.outcomeCode)),
                ("ms", GeneratedContent((attempt.milliseconds * 10).rounded() / 10)),
            ]
            if !attempt.candidates.isEmpty {
                fields.append(("candidates", GeneratedContent(elements: attempt.candidates.map { verdict in
                    ["index": GeneratedContent(verdict.index), "outcome": GeneratedContent(verdict.outcomeCode),
                     "score": verdict.score.map { GeneratedContent(($0 * 1000).rounded() / 1000) } ?? nil,
                     "shipped": GeneratedContent(verdict.shipped), "output": verdict.text.map { GeneratedContent($0) } ?? nil]
                })))
            }
            return GeneratedContent(properties: fields)
        })
        if case .success(let content, let response, _) = result {
            return ["value": content, "source": "model", "backend": GeneratedContent(response.backend), "reason": nil, "attempts": attempts]
        }
        let reason = result.failureReason.map { GeneratedContent($0.code.rawValue) } ?? nil
        return ["value": fallback ?? nil, "source": fallback == nil ? "none" : "fallback", "backend": nil, "reason": reason, "attempts": attempts]
    }
}

/// `guided backends`: each configured backend's availability and reason.
enum BackendsCommand {
    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        let configuration = try GenerationArguments.configuration(arguments)
        for backend in configuration.backends {
            let routed = configuration.route.contains(backend.name) ? "" : " (not routed)"
            Console.out("\(backend.name) [\(backend.kind)]\(routed): \(await backend.availability())")
        }
    }
}
