/// One dispatched Server-Sent Event: its `event:` name and its joined `data:` lines.
package struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field, or `nil` when the event had none (the default "message" type).
    public var event: String?
    /// The `data:` lines of the event joined with `"\n"`. `[DONE]` is plain data.
    public var data: String

    /// Creates an event.
    /// - Parameters:
    ///   - event: The event name, or `nil`.
    ///   - data: The event data.
    public init(event: String? = nil, data: String) {
        self.event = event
        self.data = data
    }
}
