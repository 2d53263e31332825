/// A complete schema: a root node plus named definitions that nodes may reference,
/// including recursively (a tree of nodes).
public struct GenerationSchema: Sendable, Hashable {
    /// A named definition (JSON Schema `$defs` entry).
    public struct Definition: Sendable, Hashable {
        /// The name references use.
        public var name: String
        /// The definition's schema.
        public var node: SchemaNode

        /// Creates a definition.
        public init(_ name: String, _ node: SchemaNode) {
            self.name = name
            self.node = node
        }
    }

    /// The schema of the whole value.
    public var root: SchemaNode
    /// Definitions in a stable order.
    public var definitions: [Definition]

    /// Creates a schema.
    public init(root: SchemaNode, definitions: [Definition] = []) {
        self.root = root
        self.definitions = definitions
    }

    /// The definition named `name`.
    public func definition(named name: String) -> SchemaNode? {
        definitions.first { $0.name == name }?.node
    }
}
