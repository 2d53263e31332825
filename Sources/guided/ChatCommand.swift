import Dispatch
import Guided
import GuidedCommandLine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `guided chat`: a conversation with the configured models in a terminal, with the settings of
/// a chat app on a foundation model as slash commands. The transcript is kept across turns (free
/// text continues the conversation) and each answer streams as it is generated. A backend that
/// goes down, or a bad command, prints the reason and the chat goes on; end of input (Ctrl-D)
/// ends it, and Ctrl-C during an answer cancels that answer.
enum ChatCommand {
    static let help = """
        commands:
          /instructions TEXT               a new session with these instructions (the transcript is cleared)
          /temperature T|default           0 to 2, or the backend's default
          /sampling default|greedy|top-k K|top-p P
          /seed S|none                     a seed for top-k and top-p
          /tokens                          context used and context size, as the backend counts them
          /reset                           clear the transcript; instructions stay
          /help                            this list
          /quit                            leave (or Ctrl-D)
        anything else is sent to the model; Ctrl-C cancels an answer
        """

    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) {
        var configuration = try GenerationArguments.configuration(arguments)
        if let backend = arguments.value(.backend) {
            guard configuration.backend(named: backend) != nil else {
                throw .usage("error: no backend named \(backend)")
            }
            configuration.route = [backend]
        }
        var settings = ChatSettings(instructions: arguments.value(.instructions))
        let tools = arguments.flag(.demoTools) ? DemoTools.all : []
        var session = LanguageModelSession(
            instructions: settings.instructions, tools: tools, configuration: configuration)
        let answering = Mutex<Task<Void, Never>?>(nil)
        signal(SIGINT, SIG_IGN)
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupts.setEventHandler {
            if let task = answering.withLock({ $0 }) { task.cancel() } else { Console.print("\n> ") }
        }
        interrupts.resume()
        Console.out("guided chat — /help for commands, Ctrl-D to leave")
        var input = BoundedLineReader()
        while true {
            Console.print("> ")
            let line: String?
            do throws(BoundedLineReader.LineTooLong) {
                line = try input.next()
            } catch {
                throw .usage("error: a line of input is over \(error.limit / 1_048_576) MiB; the chat ends here")
            }
            guard let line else {
                Console.out("")
                return
            }
            let text = line.trimmingWhitespace
            if text.isEmpty { continue }
            if text.hasPrefix("/") {
                let (command, argument) = split(text)
                switch command {
                case "/quit", "/exit": return
                case "/help": Console.out(help)
                case "/reset":
                    session.resetTranscript()
                    Console.out("transcript cleared")
                case "/instructions":
                    settings.instructions = argument.isEmpty ? nil : argument
                    session = LanguageModelSession(
                        instructions: settings.instructions, tools: tools, configuration: configuration)
                    let fill = await session.contextFill()
                    Console.out("new session; instructions: \(describe(fill.used))")
                case "/tokens":
                    let fill = await session.contextFill()
                    let size = fill.contextSize.map(String.init) ?? "unknown"
                    Console.out("context: \(describe(fill.used)) of \(size) (\(fill.backend ?? "no backend"))")
                default:
                    switch settings.apply(command, argument) {
                    case .success(let summary): Console.out(summary)
                    case .failure(let error): Console.out("error: \(Console.line(error.message))")
                    }
                }
                continue
            }
            let (current, options) = (session, settings.options)
            let task = Task { await answer(text, current, options) }
            answering.withLock { $0 = task }
            await task.value
            answering.withLock { $0 = nil }
        }
    }

    /// Streams one answer; every way it can end prints a line that says so.
    static func answer(_ prompt: String, _ session: LanguageModelSession, _ options: GenerationOptions) async {
        var answer = StreamedAnswer()
        do {
            for try await snapshot in session.streamResponse(to: GenerationRequest<String>(prompt, options: options)) {
                switch snapshot {
                case .partial(let growing):
                    Console.print(answer.part(of: growing.text))
                case .restarted(let attempt):
                    Console.out(
                        (answer.shown.isEmpty ? "" : "\n") + "[\(Console.line(attempt.description)); trying again]")
                    answer.restart()
                case .complete(let outcome):
                    Console.print(answer.ending(with: outcome.value))
                    if outcome.isTruncated { Console.out("[cut at the token limit]") }
                    for call in outcome.toolCalls { Console.out("[tool: \(Console.line(call.fact))]") }
                    return
                }
            }
            // A cancelled task's stream ends without a last snapshot.
            Console.out((answer.shown.isEmpty ? "" : "\n") + (Task.isCancelled ? "[answer cancelled]" : "[no answer]"))
        } catch let error as GenerationError {
            if error.reason.code == .cancelled {
                Console.out("\n[answer cancelled]")
            } else {
                Console.out((answer.shown.isEmpty ? "" : "\n") + "[no answer: \(Console.line("\(error.reason)"))]")
            }
        } catch {
            Console.out("\n[answer cancelled]")
        }
    }

    static func describe(_ count: TokenCount) -> String {
        "\(count.value) tokens\(count.isEstimate ? " (estimated)" : "")"
    }

    /// `/command argument…` into the command and the rest of the line.
    static func split(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(of: " ") else { return (text, "") }
        return (String(text[..<space]), String(text[text.index(after: space)...]).trimmingWhitespace)
    }
}

extension String {
    /// Without whitespace at either end.
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
