import Synchronization

/// Schemas read from Swift declarations, built once per type: reflection runs on the first
/// request (or union check) for a type, never again.
enum DeclaredSchemas {
    /// A type's schema and every property the schema could not represent.
    struct Entry: Sendable {
        let schema: GenerationSchema
        let problems: [SchemaError]
    }

    private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// The entry for `type`, built now if this is the first time it is asked for.
    ///
    /// Built outside the lock: building one type's schema may ask for another's. Two threads
    /// asking at once may both build it; both results are equal and the first one stays.
    static func entry<T: SchemaRepresentable>(for type: T.Type) -> Entry {
        let key = ObjectIdentifier(type)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        var builder = SchemaBuilder()
        let root = T.schemaNode(in: &builder)
        let configuration = (T.self as? any Generable.Type)?.configuration
        let examples = configuration?.examples ?? []
        let schema = GenerationSchema(
            root: root, definitions: builder.definitions, examples: examples, adapter: configuration?.adapter)
        let problems =
            builder.problems + ExampleCheck.problems(of: examples, against: schema, in: "\(T.self)")
            + [configuration?.adapter.flatMap { JSONSchemaAdapter.problem(with: $0, at: .root, in: "\(T.self)") }]
            .compactMap { $0 }
        let built = Entry(schema: schema, problems: problems)
        return entries.withLock { entries in
            if let first = entries[key] { return first }
            entries[key] = built
            return built
        }
    }
}

extension SchemaRepresentable {
    /// Throws when the type declares a stored property whose type has no generation schema
    /// (`Date`, `URL`, `Int64`, a non-Generable struct): such a property would be missing from
    /// the schema and the model's output could never decode. The error names the type, the
    /// property and its type. Sessions check this when a type is registered or first requested.
    ///
    /// ```swift
    /// struct Reminder: Generable { var text = ""; var when = Date() }
    /// try Reminder.checkDeclaration()
    /// // error: Reminder.when has the type Date, which has no generation schema (at #/properties/when) — …
    /// ```
    public static func checkDeclaration() throws(SchemaError) {
        if let problem = DeclaredSchemas.entry(for: Self.self).problems.first { throw problem }
    }
}
