/// A command line the tool cannot run: its message (`error: --seed needs a whole number …`), and
/// whether the tool's usage should follow it (an unknown option or missing operands, where the
/// reader needs to see what the tool takes).
public struct UsageError: Error, Hashable, Sendable {
    /// The message, starting `error: `.
    public let message: String
    /// Whether the tool's usage text belongs after the message.
    public let showsUsage: Bool

    /// A usage error saying `message`, followed by the tool's usage when `showsUsage`.
    public init(_ message: String, showsUsage: Bool = false) {
        self.message = message
        self.showsUsage = showsUsage
    }
}
