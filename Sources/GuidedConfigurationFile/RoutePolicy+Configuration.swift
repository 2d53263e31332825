import GuidedBackends
public import GuidedSchema

extension RoutePolicy {
    /// Reads the `routing` object at `/routing`; every bad key or value is an error located there.
    public static func from(_ value: GeneratedContent, file: String?) throws(ConfigurationError) -> RoutePolicy {
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
        var settings = RoutePolicy()
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
