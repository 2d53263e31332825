/// A struct whose stored properties declare what a model must generate.
///
/// One declaration drives everything: the schema (read from the properties in declaration
/// order, with the guides attached by ``Guide``), decoding of model output into the struct
/// (Swift's synthesized `Codable`), and encoding back. There is no second list of keys.
///
/// ```swift
/// struct StepSuggestions: Generable {
///     static let configuration = GenerableConfiguration(description: "Next steps toward a goal")
///
///     @Guide(description: "Exactly three steps", .count(3),
///            .element(.length(1...100)), .element(.description("One concrete step")))
///     var steps: [String] = []
/// }
/// ```
///
/// Properties without `@Guide` take part too, with their type's plain schema; `Optional`
/// properties may be left out by the model. A property whose type has no schema (`Date`,
/// `URL`, `Int64`) is an error that ``SchemaRepresentable/checkDeclaration()`` reports, naming
/// the type and the property; sessions refuse such a type. Conforming types need an `init()` (synthesized
/// when every property has a default value or a `@Guide`).
/// Its ``SchemaRepresentable/PartiallyGenerated`` form is `PartiallyGenerated<Self>`:
/// the properties written so far.
public protocol Generable: SchemaRepresentable where PartiallyGenerated == GuidedSchema.PartiallyGenerated<Self> {
    /// An empty value; the schema is read from its properties.
    init()
    /// The type's description and definition name.
    static var configuration: GenerableConfiguration { get }
}

/// Type-level settings of a ``Generable`` type.
public struct GenerableConfiguration: Sendable {
    /// What the type is, in words the model sees.
    public var description: String?
    /// The name the type gets under `$defs` when it is recursive; the Swift type name by default.
    public var name: String?
    /// Whether the type's free-text strings are generated under grounded decoding by default:
    /// numbers, dates, ordinals and capitalised names only from the request's facts (see
    /// `GroundedVocabulary`). An output policy or a single request can override it.
    public var groundedDecoding: Bool
    /// Worked examples for the type (few-shot), each an input, its own facts and the output as
    /// content; they reach the type's ``GenerationSchema/examples`` and are checked against the
    /// schema when a session registers or first uses the type. Write the output as a literal
    /// (`["steps": ["…", "…", "…"]]`): building a value of the type here would ask for the
    /// configuration being defined.
    public var examples: [Example<GeneratedContent>]
    /// The adapter trained for this kind of output (``ModelAdapter``): a backend that has it
    /// applies it and sends no examples; one that has not shows ``examples``.
    public var adapter: ModelAdapter?

    /// Settings for a ``Generable`` type; every one is optional.
    /// - Parameters:
    ///   - description: What the type is, for the model (JSON Schema `description`); nil for none.
    ///   - name: The `$defs` name when the type is recursive; nil for the Swift type name.
    ///   - groundedDecoding: Whether free-text strings are generated under grounded decoding by
    ///     default; `false` unless the type says so.
    ///   - examples: Worked examples shown to the model when a request brings none; none by
    ///     default (a session then derives generic ones from the schema's shape).
    ///   - adapter: The adapter trained for this kind of output, e.g. `"house-style"`;
    ///     none by default.
    public init(
        description: String? = nil, name: String? = nil, groundedDecoding: Bool = false,
        examples: [Example<GeneratedContent>] = [], adapter: ModelAdapter? = nil
    ) {
        self.description = description
        self.name = name
        self.groundedDecoding = groundedDecoding
        self.examples = examples
        self.adapter = adapter
    }
}

extension Generable {
    /// No description and the Swift type name.
    public static var configuration: GenerableConfiguration { GenerableConfiguration() }

    /// `Self()`: the value a property of this type holds until decoding fills it in.
    public static var placeholder: Self { Self() }

    /// An object with one property per stored property, in declaration order, closed to others.
    public static func schemaFragment(in builder: inout SchemaBuilder) -> SchemaFragment {
        let name = configuration.name ?? String(describing: Self.self)
        return SchemaFragment(
            builder.composite(named: name) { builder in
                var properties: [ObjectConstraints.Property] = []
                for child in Mirror(reflecting: Self()).children {
                    guard let label = child.label else { continue }
                    if let guided = child.value as? any GuidedProperty {
                        properties.append(guided.schemaProperty(named: String(label.dropFirst()), in: &builder))
                    } else if let plain = child.value as? any SchemaRepresentable {
                        let type = type(of: plain)
                        properties.append(.init(label, type.schemaNode(in: &builder), required: !type.isOptional))
                    } else {
                        builder.report(
                            SchemaError(
                                .unsupportedPropertyType,
                                "\(Self.self).\(label) has the type \(type(of: child.value)), which has no generation schema",
                                remedy:
                                    "use String, Bool, Int, Double, Float, an array, an optional or a Generable type (a date as a String with "
                                    + ".format(.date)), or support the type by conforming it to SchemaRepresentable",
                                at: JSONPointer(tokens: ["properties", label])))
                    }
                }
                return .object(ObjectConstraints(properties), description: configuration.description)
            })
    }

    /// Decodes a value from generated content, e.g. a model's parsed output.
    /// Throws ``ContentDecodingError`` naming the JSON Pointer that did not fit.
    public init(_ content: GeneratedContent) throws(ContentDecodingError) {
        self = try GeneratedContentDecoder.decode(Self.self, from: content)
    }

    /// The value as generated content, properties in declaration order.
    public var generatedContent: GeneratedContent { GeneratedContentEncoder.encode(self) }
}
