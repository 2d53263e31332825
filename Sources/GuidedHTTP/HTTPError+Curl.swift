extension HTTPError.Code {
    /// Classifies a libcurl result code (a `CURLcode` raw value) and its message.
    static func classifying(curlCode: Int32, message: String) -> HTTPError.Code {
        switch curlCode {
        // UNSUPPORTED_PROTOCOL for a reply with no head (HTTP/0.9), WEIRD_SERVER_REPLY
        case 1 where message.contains("HTTP/0.9"), 8:
            return .notHTTP
        case 5, 6, 7: // COULDNT_RESOLVE_PROXY, COULDNT_RESOLVE_HOST, COULDNT_CONNECT
            return .couldNotConnect
        case 28: // OPERATION_TIMEDOUT
            return .timedOut
        case 42: // ABORTED_BY_CALLBACK
            return .cancelled
        case 63: // FILESIZE_EXCEEDED (announced Content-Length over CURLOPT_MAXFILESIZE)
            return .responseTooLarge
        case 18, 52, 55, 56: // PARTIAL_FILE, GOT_NOTHING, SEND_ERROR, RECV_ERROR
            return .connectionClosed
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98: // SSL and peer verification
            return .tls
        case 1, 3: // UNSUPPORTED_PROTOCOL, URL_MALFORMAT
            return .invalidURL
        default:
            return .other
        }
    }
}
