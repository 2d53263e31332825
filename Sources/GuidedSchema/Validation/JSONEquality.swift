/// JSON Schema's notion of equality: numbers by exact value (`1 == 1.0`), strings by code points,
/// objects regardless of key order.
package enum JSONEquality {
    /// Whether `a` and `b` are the same JSON value.
    public static func equal(_ a: GeneratedContent, _ b: GeneratedContent) -> Bool {
        switch (a.kind, b.kind) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { property in
                y.contains {
                    $0.name.unicodeScalars.elementsEqual(property.name.unicodeScalars)
                        && equal($0.value, property.value)
                }
            }
        default: return false
        }
    }

    /// A text that two values share exactly when they are equal: compact JSON with keys sorted
    /// by code point, numbers in a normalized exact form, strings by code point. Lets
    /// `uniqueItems` and enum lookups hash instead of comparing every pair.
    public static func key(_ value: GeneratedContent) -> String {
        var out = ""
        append(value, to: &out)
        return out
    }

    private static func append(_ value: GeneratedContent, to out: inout String) {
        switch value.kind {
        case .null: out += "n"
        case .bool(let flag): out += flag ? "t" : "f"
        case .number(let number):
            let decimal = number.decimal
            out +=
                "#" + (decimal.negative ? "-" : "") + decimal.digits.map { String($0) }.joined()
                + "e\(decimal.exponent);"
        case .string(let text): appendString(text, to: &out)
        case .array(let elements):
            out += "["
            for element in elements {
                append(element, to: &out)
                out += ","
            }
            out += "]"
        case .object(let properties):
            out += "{"
            for property in properties.sorted(by: {
                $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars)
            }) {
                appendString(property.name, to: &out)
                out += ":"
                append(property.value, to: &out)
                out += ","
            }
            out += "}"
        }
    }

    /// A string with its length first, so no content can imitate the delimiters; scalars kept
    /// as they are (Swift's `String ==` would merge canonically equivalent spellings).
    private static func appendString(_ text: String, to out: inout String) {
        out += "s\(text.unicodeScalars.count):"
        out.unicodeScalars.append(contentsOf: text.unicodeScalars)
    }
}
