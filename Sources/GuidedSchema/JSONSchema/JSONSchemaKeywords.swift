/// The JSON Schema keywords Guided knows, with the drafts that define each.
enum JSONSchemaKeywords {
    private static let all = SchemaDialect.draft4...SchemaDialect.draft2020

    /// Every known keyword and the drafts it belongs to.
    static let drafts: [String: ClosedRange<SchemaDialect>] = {
        var table: [String: ClosedRange<SchemaDialect>] = [:]
        for keyword in [
            "$schema", "$ref", "title", "description", "default", "type", "enum", "properties", "required",
            "additionalProperties", "items", "minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "pattern",
            "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "allOf", "anyOf", "oneOf",
            "not", "format", "patternProperties", "minProperties", "maxProperties", "definitions",
            JSONSchemaExamples.keyword, JSONSchemaAdapter.keyword,
        ] { table[keyword] = all }
        table["id"] = .draft4 ... .draft4
        // Draft-07's `dependencies` is read in every draft (the suite's dependencies-compatibility files).
        table["dependencies"] = all
        table["additionalItems"] = .draft4 ... .draft2019
        for keyword in ["$id", "const", "contains", "propertyNames", "examples"] {
            table[keyword] = .draft6 ... .draft2020
        }
        for keyword in [
            "if", "then", "else", "$comment", "readOnly", "writeOnly", "contentMediaType", "contentEncoding",
        ] {
            table[keyword] = .draft7 ... .draft2020
        }
        for keyword in [
            "$anchor", "$defs", "dependentRequired", "dependentSchemas", "minContains", "maxContains",
            "unevaluatedProperties", "unevaluatedItems", "$vocabulary", "deprecated", "contentSchema",
        ] { table[keyword] = .draft2019 ... .draft2020 }
        for keyword in ["$recursiveRef", "$recursiveAnchor"] { table[keyword] = .draft2019 ... .draft2019 }
        for keyword in ["prefixItems", "$dynamicRef", "$dynamicAnchor"] { table[keyword] = .draft2020 ... .draft2020 }
        return table
    }()

    /// Keywords that carry no constraint: annotations and document plumbing.
    static let annotations: Set<String> = [
        "$schema", "$comment", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
        "$defs", "definitions", "$id", "id", "$anchor", "$dynamicAnchor", "$vocabulary", "$recursiveAnchor",
        "contentMediaType", "contentEncoding", "contentSchema", JSONSchemaExamples.keyword,
        JSONSchemaAdapter.keyword,
    ]

    /// Keywords that only constrain strings.
    static let string: Set<String> = ["minLength", "maxLength", "pattern", "format"]
    /// Keywords that only constrain numbers.
    static let numeric: Set<String> = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]
    /// Keywords that only constrain arrays.
    static let array: Set<String> = [
        "items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains",
        "maxContains",
    ]
    /// Keywords that only constrain objects.
    static let object: Set<String> = [
        "properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties",
        "maxProperties", "dependentRequired", "dependentSchemas", "dependencies",
    ]
    /// Every type-specific keyword.
    static let typeSpecific = string.union(numeric).union(array).union(object)

    /// The validation vocabulary of 2019-09 and 2020-12: assertions a meta-schema can leave out.
    static let validationVocabulary: Set<String> = [
        "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
        "maxProperties", "minProperties", "required", "dependentRequired",
    ]

    /// Keywords holding one subschema.
    static let singleSchema: Set<String> = [
        "additionalProperties", "additionalItems", "not", "if", "then", "else", "contains", "propertyNames",
        "unevaluatedProperties", "unevaluatedItems", "contentSchema",
    ]
    /// Keywords holding an array of subschemas.
    static let schemaArrays: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    /// Keywords holding an object of named subschemas.
    static let schemaMaps: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies",
    ]
}
