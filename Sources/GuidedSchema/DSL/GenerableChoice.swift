/// A `String`-backed enum whose cases are the choices a model may pick (`enum` in JSON Schema).
///
/// ```swift
/// enum Priority: String, GenerableChoice { case low, normal, urgent }
/// ```
/// A choice is shown once whole (its ``SchemaRepresentable/PartiallyGenerated`` form is itself):
/// a half-written raw value is no case yet.
public protocol GenerableChoice: SchemaRepresentable, CaseIterable, RawRepresentable
where RawValue == String, PartiallyGenerated == Self {}

extension GenerableChoice {
    /// One of the cases' raw values, in declaration order.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment {
        SchemaFragment(SchemaNode(.choice(allCases.map { GeneratedContent($0.rawValue) })))
    }

    /// The first case.
    public static var placeholder: Self { allCases.first! }
}
