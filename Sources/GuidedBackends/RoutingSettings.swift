public import GuidedSchema

/// The configuration's `routing` object: how long one request may take across the whole route,
/// and how often one backend is tried before the next.
///
/// ```json
/// {"backends": [...], "routing": {"deadlineSeconds": 20, "attemptsPerBackend": 2}}
/// ```
/// Sessions and `guided generate` build their router from it (`RoutePolicy(routing:)`).
public struct RoutingSettings: Sendable, Hashable {
    /// The deadline when the configuration sets none: 60 s.
    public static let defaultDeadline: Duration = .seconds(60)
    /// The most tries per backend a configuration may ask for.
    package static let maximumAttemptsPerBackend = 100

    /// The longest one request may take, across every backend (`deadlineSeconds`).
    public var deadline: Duration
    /// How many times one backend is tried for failed or rejected output (`attemptsPerBackend`).
    public var attemptsPerBackend: Int

    /// Creates settings.
    /// - Parameters:
    ///   - deadline: The time budget of one request across the route. Default: 60 s.
    ///   - attemptsPerBackend: Tries per backend, at least 1. Default: 1.
    public init(deadline: Duration = RoutingSettings.defaultDeadline, attemptsPerBackend: Int = 1) {
        self.deadline = deadline
        self.attemptsPerBackend = max(1, attemptsPerBackend)
    }

    /// Reads the `routing` object at `/routing`; every bad key or value is an error located there.
    public static func from(_ value: GeneratedContent, file: String?) throws(ConfigurationError) -> RoutingSettings {
        let at = JSONPointer(tokens: ["routing"])
        guard let properties = value.properties else {
            throw ConfigurationError(
                "\"routing\" must be an object", remedy: "write \"routing\": {\"deadlineSeconds\": 20}", at: at,
                file: file)
        }
        for property in properties where !["deadlineSeconds", "attemptsPerBackend"].contains(property.name) {
            throw ConfigurationError(
                "unknown key \"\(property.name)\" in routing",
                remedy: "remove it; known keys are attemptsPerBackend, deadlineSeconds",
                at: at.appending(property.name), file: file)
        }
        var settings = RoutingSettings()
        if let deadline = value["deadlineSeconds"] {
            guard let seconds = deadline.doubleValue, seconds.isFinite, seconds >= 0.001,
                seconds <= BackendConfiguration.largestNumber
            else {
                throw ConfigurationError(
                    "deadlineSeconds must be a number of seconds from 0.001 to 1000000000, not \(deadline.jsonText())",
                    remedy: "write \"deadlineSeconds\": 20", at: at.appending("deadlineSeconds"), file: file)
            }
            settings.deadline = .milliseconds(Int((seconds * 1000).rounded(.up)))
        }
        if let attempts = value["attemptsPerBackend"] {
            guard let number = attempts.doubleValue, number >= 1, number <= Double(maximumAttemptsPerBackend),
                number == number.rounded(.towardZero)
            else {
                throw ConfigurationError(
                    "attemptsPerBackend must be a whole number from 1 to \(maximumAttemptsPerBackend), not \(attempts.jsonText())",
                    remedy: "write \"attemptsPerBackend\": 2", at: at.appending("attemptsPerBackend"), file: file)
            }
            settings.attemptsPerBackend = Int(number)
        }
        return settings
    }
}
