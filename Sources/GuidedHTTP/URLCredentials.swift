/// Credentials written into a URL (`http://user:password@host/…`), taken out of it.
///
/// A backend keeps the URL without them (so no message, trace or `guided backends` line can
/// print them) and sends them as an `Authorization: Basic` header instead, which libcurl would
/// have built from the URL anyway. Redaction knows every form of the secret: the password, the
/// `user:password` pair and its Base64 encoding.
package struct URLCredentials: Sendable, Hashable {
    /// The URL without `user:password@`.
    public let url: String
    /// `Authorization: Basic …`, when the URL carried credentials.
    package let authorization: HTTPHeader?
    /// Every spelling of the secret that could appear in text, longest first.
    package let secrets: [String]

    /// Splits `url` into the URL without credentials and the credentials (percent-decoded).
    public init(_ url: String) {
        let stripped = HTTPError.redactingUserInfo(url)
        let characters = Array(url)
        let schemeEnd = characters.indices.first { characters[$0...].starts(with: "://") }
        guard stripped != url, let schemeEnd else {
            self.url = url
            self.authorization = nil
            self.secrets = []
            return
        }
        let userInfo = String(characters[(schemeEnd + 3)...].prefix(characters.count - Array(stripped).count - 1))
        let decoded = Self.percentDecoded(userInfo)
        let password = decoded.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let encoded = Self.base64(Array(decoded.utf8))
        self.url = stripped
        self.authorization = HTTPHeader("Authorization", "Basic " + encoded)
        self.secrets = [encoded, decoded, userInfo, password].filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let pair = [iterator.next(), iterator.next()].compactMap { $0 }
            if pair.count == 2, let value = UInt8(String(decoding: pair, as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
                bytes.append(contentsOf: pair)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                output.append(
                    position <= chunk.count
                        ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
