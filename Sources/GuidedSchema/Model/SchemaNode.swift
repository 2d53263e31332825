/// One node of a schema: what a value must look like, plus its title and description.
///
/// Every schema Guided handles, whether declared in Swift, built at run time or read from a
/// JSON Schema document, becomes a tree of `SchemaNode`s inside a ``GenerationSchema``.
public struct SchemaNode: Sendable, Hashable {
    /// What the node accepts.
    public var kind: Kind
    /// A short title (JSON Schema `title`).
    public var title: String?
    /// A description the model sees (JSON Schema `description`; Apple's `@Guide(description:)`).
    public var description: String?

    /// Creates a node.
    public init(_ kind: Kind, title: String? = nil, description: String? = nil) {
        self.kind = kind
        self.title = title
        self.description = description
    }

    /// The shapes a node can take.
    public indirect enum Kind: Sendable, Hashable {
        /// Any JSON value (`{}` or `true`).
        case any
        /// No value at all (`false`).
        case nothing
        /// `null`.
        case null
        /// `true` or `false`.
        case boolean
        /// A string with constraints.
        case string(StringConstraints)
        /// An integral number with bounds.
        case integer(NumericBounds)
        /// Any number with bounds.
        case number(NumericBounds)
        /// An array.
        case array(ArrayConstraints)
        /// An object with ordered properties.
        case object(ObjectConstraints)
        /// Exactly this value (`const`).
        case constant(GeneratedContent)
        /// One of these values (`enum`; Apple's `anyOf` guide on strings).
        case choice([GeneratedContent])
        /// At least one branch must match (`anyOf`; nullable types; unions).
        case anyOf([SchemaNode])
        /// Exactly one branch must match (`oneOf`).
        case oneOf([SchemaNode])
        /// Every branch must match (`allOf`).
        case allOf([SchemaNode])
        /// The named definition (`$ref` into `$defs`).
        case reference(String)
        /// The value must not match the schema (`not`).
        case not(SchemaNode)
        /// `if`/`then`/`else`: a value matching `if` must match `then`, any other value `else`
        /// (an absent `then` or `else` is `.any`).
        case conditional(if: SchemaNode, then: SchemaNode, else: SchemaNode)
        /// `$dynamicRef`: the definition found through the dynamic scope at validation time.
        case dynamicReference(DynamicReference)
        /// A schema resource that declares `$dynamicAnchor`s: validating through it puts them
        /// in the dynamic scope that ``DynamicReference``s resolve in.
        case dynamicScope(DynamicScope, SchemaNode)
        /// `unevaluatedProperties`/`unevaluatedItems`: the node, then the given schemas for the
        /// keys and elements none of its keywords evaluated.
        case unevaluated(SchemaNode, UnevaluatedConstraints)
    }
}

extension SchemaNode {
    /// Any value.
    public static let any = SchemaNode(.any)
    /// No value.
    public static let nothing = SchemaNode(.nothing)
    /// `null`.
    public static let null = SchemaNode(.null)
    /// A boolean.
    public static let boolean = SchemaNode(.boolean)

    /// A string.
    public static func string(_ constraints: StringConstraints = StringConstraints(), description: String? = nil)
        -> SchemaNode
    {
        SchemaNode(.string(constraints), description: description)
    }
    /// An integer.
    public static func integer(_ bounds: NumericBounds = NumericBounds(), description: String? = nil) -> SchemaNode {
        SchemaNode(.integer(bounds), description: description)
    }
    /// A number.
    public static func number(_ bounds: NumericBounds = NumericBounds(), description: String? = nil) -> SchemaNode {
        SchemaNode(.number(bounds), description: description)
    }
    /// An array.
    public static func array(_ constraints: ArrayConstraints, description: String? = nil) -> SchemaNode {
        SchemaNode(.array(constraints), description: description)
    }
    /// An object.
    public static func object(_ constraints: ObjectConstraints, description: String? = nil) -> SchemaNode {
        SchemaNode(.object(constraints), description: description)
    }
    /// A reference to a named definition.
    public static func reference(_ name: String) -> SchemaNode { SchemaNode(.reference(name)) }

    /// This node or `null` (JSON Schema `type: [T, "null"]`).
    public var nullable: SchemaNode {
        if case .anyOf(let branches) = kind, branches.contains(where: { $0.kind == .null }) { return self }
        var inner = self
        inner.description = nil
        return SchemaNode(.anyOf([inner, .null]), title: title, description: description)
    }
}
