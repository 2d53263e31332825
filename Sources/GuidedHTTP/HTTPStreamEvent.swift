/// One event of ``HTTPClient/stream(_:)``: first the head, then body lines.
package enum HTTPStreamEvent: Sendable, Equatable {
    /// The status and headers of the final response; always the first event.
    case head(status: Int, headers: [HTTPHeader])
    /// One body line without its `LF` or `CRLF` terminator, decoded as UTF-8.
    ///
    /// A last line without terminator is delivered when the body ends normally,
    /// not when the transfer fails.
    case line(String)
}
