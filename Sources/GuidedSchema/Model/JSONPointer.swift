/// An RFC 6901 JSON Pointer such as `/steps/2`, naming a place inside a JSON document.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The reference tokens, unescaped.
    public private(set) var tokens: [String]

    /// The whole document (`""`).
    public static let root = JSONPointer(tokens: [])

    /// The pointer to the path `tokens`, given unescaped: `JSONPointer(tokens: ["steps", "0"])` is
    /// `/steps/0`, and a token `a/b` is written `a~1b`.
    public init(tokens: [String]) { self.tokens = tokens }

    /// Parses pointer text such as `/a~1b/0`; nil if it does not start with `/` and is not empty.
    public init?(_ text: String) {
        if text.isEmpty {
            self.tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        self.tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(
            PointerToken.unescape)
    }

    /// This pointer extended by a property name.
    public func appending(_ name: String) -> JSONPointer { JSONPointer(tokens: tokens + [name]) }
    /// This pointer extended by an array index.
    public func appending(_ index: Int) -> JSONPointer { JSONPointer(tokens: tokens + [String(index)]) }

    /// The pointer text, `~` and `/` escaped.
    public var description: String {
        tokens.map { "/" + PointerToken.escape($0) }.joined()
    }

    /// Orders pointers by their text.
    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.description < rhs.description }
}

/// RFC 6901 token escaping: `~` as `~0`, `/` as `~1`.
enum PointerToken {
    static func escape(_ token: String) -> String {
        var out = ""
        for c in token.unicodeScalars {
            switch c {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func unescape(_ token: Substring) -> String {
        var out = ""
        var scalars = token.unicodeScalars[...]
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            if c == "~", let next = scalars.first, next == "0" || next == "1" {
                out += next == "0" ? "~" : "/"
                scalars = scalars.dropFirst()
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
