import GuidedSchema

/// A push notification rewritten by a model from facts the app supplies.
public struct RewrittenNotification: Generable, Equatable {
    /// Describes the type to the model.
    public static let configuration = GenerableConfiguration(
        description: "A push notification rewritten in plain, friendly words")

    /// The notification text.
    @Guide(description: "The notification text, at most 180 characters", .maximumLength(180))
    public var text: String = ""

    /// Creates an empty notification.
    public init() {}

    /// Creates a notification with the given text.
    public init(text: String) { self.text = text }
}
