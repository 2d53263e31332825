/// The JSON Schema keywords Guided knows, grouped by what it does with them.
enum JSONSchemaKeywords {
    /// Keywords that carry no constraint (annotations and document plumbing).
    static let annotations: Set<String> = [
        "$schema", "$comment", "title", "description", "default", "examples", "deprecated",
        "readOnly", "writeOnly", "$defs", "definitions",
    ]
    /// Keywords that only constrain strings.
    static let string: Set<String> = ["minLength", "maxLength", "pattern", "format"]
    /// Keywords that only constrain numbers.
    static let numeric: Set<String> = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]
    /// Keywords that only constrain arrays.
    static let array: Set<String> = ["items", "prefixItems", "minItems", "maxItems"]
    /// Keywords that only constrain objects.
    static let object: Set<String> = ["properties", "required", "additionalProperties"]
    /// Keywords that apply whatever the type.
    static let general: Set<String> = ["type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref"]

    /// Every keyword Guided handles.
    static let supported = annotations.union(string).union(numeric).union(array).union(object).union(general)

    /// Remedies for keywords Guided does not handle, where a better one than the generic remedy exists.
    static let remedies: [String: String] = [
        "uniqueItems": "drop uniqueItems or use a validator that drops duplicates",
        "patternProperties": "declare the properties explicitly",
        "not": "express the constraint positively with enum, anyOf or bounds",
        "if": "split the schema into an anyOf of the cases",
        "$anchor": "reference the definition through $defs with a JSON Pointer",
        "$id": "remove $id from subschemas; references must be JSON Pointers into this document",
        "$dynamicRef": "use $ref into $defs",
    ]
}
