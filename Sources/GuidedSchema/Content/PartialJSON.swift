/// Reads a JSON text that may be cut short — a model's output while it streams — into the value
/// written so far: open strings, arrays and objects are closed where the text stops, a key
/// without its value is left out, and a number, `true`, `false` or `null` still being written is
/// left out until it is complete.
///
/// Snapshots only grow: each later prefix's value extends the earlier one's. Text that can never
/// become JSON is reported with its offset.
package enum PartialJSON {
    /// What a prefix amounts to.
    public enum Result: Sendable, Equatable {
        /// The text is one whole JSON value.
        case complete(GeneratedContent)
        /// The text is a viable beginning; the value written so far (nil before anything is).
        case incomplete(GeneratedContent?)
        /// The text can never become JSON; the offset (in Unicode scalars) of the first bad character.
        case invalid(offset: Int)
    }

    /// Reads `text`.
    public static func parse(_ text: String) -> Result {
        let result = read(text)
        // A number at the very end of a top-level text is complete once nothing can follow it.
        if case .incomplete(nil) = result, case .complete(let value) = read(text + " ") { return .complete(value) }
        return result
    }

    private static func read(_ text: String) -> Result {
        var reader = Reader(Array(text.unicodeScalars))
        reader.skipWhitespace()
        do {
            let value = try reader.value()
            reader.skipWhitespace()
            if reader.atEnd { return reader.truncated ? .incomplete(value) : .complete(value!) }
            return .invalid(offset: reader.index)
        } catch {
            return .invalid(offset: error.offset)
        }
    }

    /// The deepest nesting read (as json-c is allowed in `JSONReader`); deeper text is invalid
    /// rather than a stack overflow.
    package static let maximumDepth = 512

    struct Invalid: Error { let offset: Int }

    struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        /// Set when the input ended inside a value.
        var truncated = false
        /// Open arrays and objects; deeper than `PartialJSON.maximumDepth` is refused.
        var depth = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }

        mutating func skipWhitespace() {
            while !atEnd, [" ", "\n", "\r", "\t"].contains(scalars[index]) { index += 1 }
        }

        /// The value at the cursor; nil when the input ends before any of it is usable.
        mutating func value() throws(Invalid) -> GeneratedContent? {
            guard !atEnd else {
                truncated = true
                return nil
            }
            switch scalars[index] {
            case "{": return try object()
            case "[": return try array()
            case "\"": return try string().map { GeneratedContent($0) }
            case "t": return try literal("true", GeneratedContent(true))
            case "f": return try literal("false", GeneratedContent(false))
            case "n": return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func literal(_ word: String, _ value: GeneratedContent) throws(Invalid) -> GeneratedContent? {
            for expected in word.unicodeScalars {
                guard !atEnd else {
                    truncated = true
                    return nil
                }
                guard scalars[index] == expected else { throw Invalid(offset: index) }
                index += 1
            }
            return value
        }

        mutating func number() throws(Invalid) -> GeneratedContent? {
            let start = index
            while !atEnd, "+-0123456789.eE".unicodeScalars.contains(scalars[index]) { index += 1 }
            guard index > start else { throw Invalid(offset: index) }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            if atEnd {
                // The number may go on; show it only once it cannot change.
                truncated = true
                return nil
            }
            guard let number = JSONNumber(text: text) else { throw Invalid(offset: start) }
            return GeneratedContent(kind: .number(number))
        }

        /// The string's content so far (an open string shows what it has, possibly nothing).
        mutating func string() throws(Invalid) -> String? {
            index += 1
            var result = String.UnicodeScalarView()
            while !atEnd {
                let c = scalars[index]
                switch c {
                case "\"":
                    index += 1
                    return String(result)
                case "\\":
                    guard index + 1 < scalars.count else {
                        truncated = true
                        index = scalars.count
                        return String(result)
                    }
                    let e = scalars[index + 1]
                    let simple: [Unicode.Scalar: Unicode.Scalar] = [
                        "\"": "\"", "\\": "\\", "/": "/", "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r", "t": "\t",
                    ]
                    if let mapped = simple[e] {
                        result.append(mapped)
                        index += 2
                    } else if e == "u" {
                        let digits = scalars[(index + 2)..<min(index + 6, scalars.count)]
                        guard digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else { throw Invalid(offset: index) }
                        guard digits.count == 4 else {
                            truncated = true
                            index = scalars.count
                            return String(result)
                        }
                        let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16)!
                        result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                        index += 6
                    } else {
                        throw Invalid(offset: index)
                    }
                default:
                    guard c.value >= 0x20 else { throw Invalid(offset: index) }
                    result.append(c)
                    index += 1
                }
            }
            truncated = true
            return String(result)
        }

        mutating func array() throws(Invalid) -> GeneratedContent? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= PartialJSON.maximumDepth else { throw Invalid(offset: index) }
            index += 1
            var elements: [GeneratedContent] = []
            skipWhitespace()
            if !atEnd, scalars[index] == "]" {
                index += 1
                return GeneratedContent(elements: elements)
            }
            while true {
                skipWhitespace()
                let element = try value()
                if let element { elements.append(element) }
                if truncated { return GeneratedContent(elements: elements) }
                skipWhitespace()
                guard !atEnd else {
                    truncated = true
                    return GeneratedContent(elements: elements)
                }
                switch scalars[index] {
                case ",": index += 1
                case "]":
                    index += 1
                    return GeneratedContent(elements: elements)
                default: throw Invalid(offset: index)
                }
                skipWhitespace()
                if atEnd {
                    truncated = true
                    return GeneratedContent(elements: elements)
                }
                if scalars[index] == "]" { throw Invalid(offset: index) }
            }
        }

        mutating func object() throws(Invalid) -> GeneratedContent? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= PartialJSON.maximumDepth else { throw Invalid(offset: index) }
            index += 1
            var properties: [GeneratedContent.Property] = []
            skipWhitespace()
            if !atEnd, scalars[index] == "}" {
                index += 1
                return GeneratedContent(kind: .object(properties))
            }
            while true {
                skipWhitespace()
                guard !atEnd else {
                    truncated = true
                    return GeneratedContent(kind: .object(properties))
                }
                guard scalars[index] == "\"" else { throw Invalid(offset: index) }
                let key = try string() ?? ""
                if truncated { return GeneratedContent(kind: .object(properties)) }
                skipWhitespace()
                guard !atEnd else {
                    truncated = true
                    return GeneratedContent(kind: .object(properties))
                }
                guard scalars[index] == ":" else { throw Invalid(offset: index) }
                index += 1
                skipWhitespace()
                let value = try value()
                if let value { properties.append(.init(key, value)) }
                if truncated { return GeneratedContent(kind: .object(properties)) }
                skipWhitespace()
                guard !atEnd else {
                    truncated = true
                    return GeneratedContent(kind: .object(properties))
                }
                switch scalars[index] {
                case ",": index += 1
                case "}":
                    index += 1
                    return GeneratedContent(kind: .object(properties))
                default: throw Invalid(offset: index)
                }
            }
        }
    }
}
