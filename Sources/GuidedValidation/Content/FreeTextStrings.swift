import GuidedSchema

extension GeneratedContent {
    /// The strings the person-level checks read.
    ///
    /// With `pointers`, every string at or under each pointer, exactly as
    /// ``selectedStrings(_:)`` picks them. Without, every string the schema leaves free:
    /// strings whose schema node is an `enum`, a `const`, or carries a `format` or `pattern`
    /// are machine values (a category, a date, an id), not prose, and are skipped.
    func freeTextStrings(_ pointers: [JSONPointer]?, schema: GenerationSchema) -> [StringLeaf] {
        if pointers != nil { return selectedStrings(pointers) }
        return stringLeaves().filter { schema.isFreeText(at: $0.pointer) }
    }
}
