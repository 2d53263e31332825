/// An RFC 3986 URI reference split into its five parts, with reference resolution — what
/// `$id` and `$ref` need to find schemas by base URI.
struct URIReference: Hashable, Sendable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits `text` (RFC 3986 Appendix B); never fails.
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), colon != rest.startIndex,
            rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
            rest.first!.isLetter
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The reference as text.
    var text: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// The same URI without its fragment (the resource it names).
    var withoutFragment: URIReference {
        URIReference(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
    }

    /// This reference resolved against `base` (RFC 3986 §5.2.2).
    func resolved(against base: URIReference) -> URIReference {
        if scheme != nil {
            return URIReference(
                scheme: scheme, authority: authority, path: Self.removingDotSegments(path), query: query,
                fragment: fragment)
        }
        if authority != nil {
            return URIReference(
                scheme: base.scheme, authority: authority, path: Self.removingDotSegments(path), query: query,
                fragment: fragment)
        }
        if path.isEmpty {
            return URIReference(
                scheme: base.scheme, authority: base.authority, path: base.path, query: query ?? base.query,
                fragment: fragment)
        }
        let merged: String
        if path.hasPrefix("/") {
            merged = path
        } else if base.authority != nil && base.path.isEmpty {
            merged = "/" + path
        } else if let slash = base.path.lastIndex(of: "/") {
            merged = base.path[...slash] + path
        } else {
            merged = path
        }
        return URIReference(
            scheme: base.scheme, authority: base.authority, path: Self.removingDotSegments(merged), query: query,
            fragment: fragment)
    }

    /// RFC 3986 §5.2.4.
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        let absolute = path.hasPrefix("/")
        var segments = input.split(separator: "/", omittingEmptySubsequences: false)
        if absolute { segments.removeFirst() }
        input = ""
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            switch segment {
            case ".": if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default: output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }
}
