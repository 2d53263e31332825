/// Turns the lines of a `text/event-stream` body into ``ServerSentEvent``s.
///
/// Feed it the lines of ``HTTPStreamEvent/line(_:)`` one by one. Following the
/// SSE format: `data:` lines are joined with `"\n"`, `event:` sets the name, a
/// blank line dispatches the event, lines starting with `:` are comments, one
/// space after the colon is dropped, `id:`/`retry:`/unknown fields are ignored.
/// A trailing `CR` on a line is tolerated. `[DONE]` is returned as ordinary data.
package struct ServerSentEventParser: Sendable {
    private var dataLines: [String] = []
    private var hasData = false
    private var eventName: String?

    /// Creates a parser with no pending event.
    public init() {}

    /// Consumes one line (without its terminator).
    /// - Parameter line: A line of the event stream.
    /// - Returns: The event completed by this line (a blank line), or `nil`.
    public mutating func feed(_ line: String) -> ServerSentEvent? {
        var line = Substring(line)
        if line.last == "\r" { // "\r\n" is one Character in Swift; both cases end here
            line = line.dropLast()
        } else if line.last == "\r\n" {
            line = line.dropLast()
        }
        if line.isEmpty {
            return dispatch()
        }
        if line.first == ":" {
            return nil
        }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.first == " " {
                value = value.dropFirst()
            }
        } else {
            field = line
            value = ""
        }
        switch field {
        case "data":
            dataLines.append(String(value))
            hasData = true
        case "event":
            eventName = String(value)
        default:
            break
        }
        return nil
    }

    /// Ends the stream: returns a pending event whose final blank line never came.
    /// - Returns: The pending event, or `nil` when there is none.
    public mutating func finish() -> ServerSentEvent? {
        dispatch()
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            dataLines.removeAll()
            hasData = false
            eventName = nil
        }
        guard hasData else { return nil }
        let name = eventName.flatMap { $0.isEmpty ? nil : $0 }
        return ServerSentEvent(event: name, data: dataLines.joined(separator: "\n"))
    }
}
