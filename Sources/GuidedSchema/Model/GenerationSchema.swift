/// A complete schema: a root node plus named definitions that nodes may reference,
/// including recursively (a tree of nodes).
public struct GenerationSchema: Sendable, Hashable {
    /// A named definition (JSON Schema `$defs` entry).
    package struct Definition: Sendable, Hashable {
        /// The name references use.
        public var name: String
        /// What a value referring to this definition (`$ref: "#/$defs/<name>"`) must match.
        public var node: SchemaNode

        /// The `$defs` entry `name`, which `.reference(name)` nodes point to.
        public init(_ name: String, _ node: SchemaNode) {
            self.name = name
            self.node = node
        }
    }

    /// What the whole value must match; its nodes may refer to ``definitions`` by name.
    package var root: SchemaNode
    /// Definitions in a stable order.
    package var definitions: [Definition]
    /// Worked examples that travel with the schema: a Swift type's
    /// ``GenerableConfiguration/examples``, or a schema file's `examples` (outputs alone) and
    /// `x-guided-examples` (each with its input and facts). Sessions show them to the model when
    /// a request brings none of its own; each was checked against this schema when it was read.
    public var examples: [Example<GeneratedContent>]
    /// The adapter trained for this kind of output, applied in place of ``examples`` by a backend
    /// that has it: a Swift type's ``GenerableConfiguration/adapter``, or a schema file's
    /// `x-guided-adapter`. Nil: every backend is shown the examples.
    public var adapter: ModelAdapter?

    /// A schema whose value must match `root`; `definitions` holds what its references name (none
    /// unless a type is recursive or the document had `$defs`).
    package init(
        root: SchemaNode, definitions: [Definition] = [], examples: [Example<GeneratedContent>] = [],
        adapter: ModelAdapter? = nil
    ) {
        self.root = root
        self.definitions = definitions
        self.examples = examples
        self.adapter = adapter
    }

    /// The node of the `$defs` entry `name`; nil when no definition has that name.
    package func definition(named name: String) -> SchemaNode? {
        definitions.first { $0.name == name }?.node
    }
}
