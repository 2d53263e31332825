import GuidedSchema

/// Three next steps toward a goal the user set.
public struct StepSuggestions: Generable, Equatable {
    /// Describes the type to the model.
    public static let configuration = GenerableConfiguration(description: "Next steps toward the user's goal")

    /// Exactly three short steps.
    @Guide(
        description: "Exactly three next steps, in the order to do them", .count(3),
        .element(.length(1...100)), .element(.description("One concrete step, at most 100 characters")))
    public var steps: [String] = []

    /// Creates empty suggestions.
    public init() {}

    /// Creates suggestions with the given steps.
    public init(steps: [String]) { self.steps = steps }
}
