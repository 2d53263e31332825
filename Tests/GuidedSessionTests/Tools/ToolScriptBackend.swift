import Guided
import Synchronization

/// A backend that answers each request by a script over what it was asked, recording every
/// request: the tool choices (``isChoice(_:)``) and the answer alike. Each output is checked
/// against the request's schema as a real backend's is, so a script that writes arguments the
/// tool's schema refuses gets `invalidOutput`, as a backend without a grammar would. Every
/// response reads 50 prompt tokens, 40 of them cached, and writes 10.
final class ToolScriptBackend: LanguageModelBackend {
    let name: String
    let kind = "test"
    let capabilities: BackendCapabilities
    let requests = Mutex<[BackendRequest]>([])
    private let script: @Sendable (BackendRequest, _ choice: Int) -> String

    /// A backend whose output for each request is `script(request, n)`, `n` counting the tool
    /// choices so far (0 for the first).
    init(
        name: String = "scripted",
        capabilities: BackendCapabilities = BackendCapabilities(grammar: true, jsonSchema: true),
        script: @escaping @Sendable (BackendRequest, Int) -> String
    ) {
        self.name = name
        self.capabilities = capabilities
        self.script = script
    }

    /// Whether `request` asks which tool to call, rather than for the answer.
    static func isChoice(_ request: BackendRequest) -> Bool {
        request.instructions?.contains("you may call a tool") == true
    }

    var choices: [BackendRequest] { requests.withLock { $0.filter(Self.isChoice) } }
    var answers: [BackendRequest] { requests.withLock { $0.filter { !Self.isChoice($0) } } }

    func respond(to request: BackendRequest) async throws(BackendError) -> BackendResponse {
        let choice = requests.withLock { recorded in
            defer { recorded.append(request) }
            return recorded.filter(Self.isChoice).count
        }
        var response = try BackendResponse(validating: script(request, choice), for: request, backend: name)
        response.promptTokens = 50
        response.cachedPromptTokens = 40
        response.tokensGenerated = 10
        return response
    }

    func contextSize() async throws(BackendError) -> Int { 8192 }
}

/// The weekday of a date, counting its calls: what the tests' model looks up.
struct DayOfWeekTool: Tool {
    struct Arguments: Generable {
        @Guide(description: "A date, YYYY-MM-DD", .pattern("^\\d{4}-\\d{2}-\\d{2}$"))
        var date = ""
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "the calendar service is down" }
    }

    /// The dates it was called with, in order.
    final class CallLog: Sendable {
        private let dates = Mutex<[String]>([])
        func append(_ date: String) { dates.withLock { $0.append(date) } }
        var all: [String] { dates.withLock { $0 } }
    }

    let name = "day_of_week"
    let description = "The weekday of a date."
    let calls = CallLog()
    var fails = false
    var delay: Duration = .zero

    func call(arguments: Arguments) async throws -> String {
        calls.append(arguments.date)
        if delay > .zero { try await Task.sleep(for: delay) }
        if fails { throw Broken() }
        return arguments.date == "2031-03-01" ? "Saturday" : "Monday"
    }
}
