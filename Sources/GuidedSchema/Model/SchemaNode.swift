/// One node of a schema: what a value must look like, plus its title and description.
///
/// Every schema Guided handles, whether declared in Swift, built at run time or read from a
/// JSON Schema document, becomes a tree of `SchemaNode`s inside a ``GenerationSchema``.
package struct SchemaNode: Sendable, Hashable {
    /// What the node accepts.
    public var kind: Kind
    /// A short title (JSON Schema `title`).
    public var title: String?
    /// A description the model sees (JSON Schema `description`; Apple's `@Guide(description:)`).
    public var description: String?

    /// A node accepting what `kind` says; `title` and `description` are annotations (the
    /// description reaches the model's prompt), never constraints.
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
        /// Only JSON `null` (`"type": "null"`).
        case null
        /// `true` or `false`.
        case boolean
        /// A string within the constraints' length, pattern and format (`"type": "string"`).
        case string(StringConstraints)
        /// An integral number with bounds.
        case integer(NumericBounds)
        /// A number, integral or not, within the bounds (`"type": "number"`).
        case number(NumericBounds)
        /// An array whose elements, count and uniqueness meet the constraints (`"type": "array"`).
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
        /// in the dynamic scope that `DynamicReference`s resolve in.
        case dynamicScope(DynamicScope, SchemaNode)
        /// `unevaluatedProperties`/`unevaluatedItems`: the node, then the given schemas for the
        /// keys and elements none of its keywords evaluated.
        case unevaluated(SchemaNode, UnevaluatedConstraints)
    }
}

extension SchemaNode {
    /// Accepts every JSON value: JSON Schema `{}` or `true`.
    public static let any = SchemaNode(.any)
    /// Accepts no value at all: JSON Schema `false`, e.g. the `additionalProperties` of a closed object.
    public static let nothing = SchemaNode(.nothing)
    /// Accepts only `null`; see ``nullable`` to make another node optional-valued.
    public static let null = SchemaNode(.null)
    /// Accepts `true` or `false`.
    public static let boolean = SchemaNode(.boolean)

    /// A string node, unconstrained by default: `.string(StringConstraints(maxLength: 180))`.
    public static func string(_ constraints: StringConstraints = StringConstraints(), description: String? = nil)
        -> SchemaNode
    {
        SchemaNode(.string(constraints), description: description)
    }
    /// An integral number (`1` and `1.0`, not `1.5`), unbounded by default:
    /// `.integer(NumericBounds(minimum: 1, maximum: 5))`.
    public static func integer(_ bounds: NumericBounds = NumericBounds(), description: String? = nil) -> SchemaNode {
        SchemaNode(.integer(bounds), description: description)
    }
    /// Any number, unbounded by default: `.number(NumericBounds(minimum: 0))`.
    public static func number(_ bounds: NumericBounds = NumericBounds(), description: String? = nil) -> SchemaNode {
        SchemaNode(.number(bounds), description: description)
    }
    /// An array node: `.array(ArrayConstraints(items: .string(), minItems: 1))`.
    public static func array(_ constraints: ArrayConstraints, description: String? = nil) -> SchemaNode {
        SchemaNode(.array(constraints), description: description)
    }
    /// An object node, closed unless the constraints say otherwise:
    /// `.object(ObjectConstraints([.init("city", .string())]))`.
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
