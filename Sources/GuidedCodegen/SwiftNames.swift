/// Swift names for schema keys and file names: identifiers, type names, keywords.
package enum SwiftNames {
    /// Whether `name` is an ASCII Swift identifier: letters, digits and `_`, not starting with a digit.
    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    /// `step-suggestions` or `step_suggestions` → `StepSuggestions`; `StepSuggestions` stays.
    package static func upperCamelCase(_ text: String) -> String {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) || !$0.isASCII })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// The nested type name for a property: `address` → `Address`, made unique among `taken`
    /// and kept clear of the names generated code relies on (`String` → `StringValue`).
    static func typeName(for property: String, taken: Set<String>) -> String {
        var base = upperCamelCase(property)
        if base.isEmpty || reservedTypeNames.contains(base) { base += "Value" }
        var name = base
        var suffix = 2
        while taken.contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        return name
    }

    /// `Steps` → `Step`, `Entries` → `Entry`, `Addresses` → `Address`; otherwise `…Item`.
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies"), name.count > 4 { return name.dropLast(3) + "y" }
        if name.hasSuffix("sses") || name.hasSuffix("xes") || name.hasSuffix("ches") || name.hasSuffix("shes") {
            return String(name.dropLast(2))
        }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 3 { return String(name.dropLast()) }
        return name + "Item"
    }

    /// `name`, in backticks when it is a keyword.
    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// Type names a nested struct must not take: generated code refers to these.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Double", "Bool", "Array", "Optional", "Guide", "Generable", "GenerableConfiguration",
        "PrecompiledGenerable", "Equatable", "Self", "Type", "Protocol", "Any",
    ]

    /// Keys that cannot be stored property names even in backticks.
    static let forbiddenPropertyNames: Set<String> = [
        "self", "Self", "init", "deinit", "subscript", "_", "Type", "Protocol",
    ]

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
        "false",
        "is", "nil", "super", "throws", "true", "try", "Any", "await", "async",
    ]
}
