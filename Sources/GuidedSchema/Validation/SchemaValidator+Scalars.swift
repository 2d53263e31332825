/// Strings and numbers.
extension SchemaValidator {
    mutating func checkString(
        _ string: String, _ c: StringConstraints, _ value: GeneratedContent, _ pointer: JSONPointer
    ) {
        if c.minLength != nil || c.maxLength != nil {
            let length = string.unicodeScalars.count
            if let min = c.minLength, length < min {
                report(pointer, "minLength", "a string of at least \(min) characters", value, length)
            }
            if let max = c.maxLength, length > max {
                report(pointer, "maxLength", "a string of at most \(max) characters", value, length)
            }
        }
        if let source = c.pattern {
            if let regex = pattern(source) {
                switch regex.matches(string) {
                case true?: break
                case false?: report(pointer, "pattern", "a string matching /\(source)/", value)
                case nil:
                    report(
                        pointer, "pattern",
                        "a string matching /\(source)/ (the pattern backtracks beyond its step budget on this string, so it cannot be shown to match)",
                        value)
                }
            } else {
                report(pointer, "pattern", "a string matching /\(source)/, which cannot be compiled", value)
            }
        }
        if let format = c.format, !format.admits(string) {
            report(pointer, "format", "a string in \(format.rawValue) format", value)
        }
    }

    mutating func checkBounds(
        _ number: JSONNumber, _ b: NumericBounds, _ value: GeneratedContent, _ pointer: JSONPointer
    ) {
        if let v = b.minimum, number < v { report(pointer, "minimum", "a number ≥ \(v)", value) }
        if let v = b.maximum, number > v { report(pointer, "maximum", "a number ≤ \(v)", value) }
        if let v = b.exclusiveMinimum, number <= v { report(pointer, "exclusiveMinimum", "a number > \(v)", value) }
        if let v = b.exclusiveMaximum, number >= v { report(pointer, "exclusiveMaximum", "a number < \(v)", value) }
        if let v = b.multipleOf, !number.isMultiple(of: v) {
            report(pointer, "multipleOf", "a multiple of \(v)", value)
        }
    }
}
