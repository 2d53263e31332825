/// A ``Generable`` type whose llama.cpp grammar was compiled ahead of time, usually by the
/// `GuidedGrammarPlugin` build plugin from a `*.schema.json` file.
///
/// A session sends ``precompiledGrammar`` with every request for the type, so backends that
/// take a grammar send it as is instead of compiling ``SchemaRepresentable/generationSchema``
/// again.
///
/// ```swift
/// // Generated from StepSuggestions.schema.json:
/// public struct StepSuggestions: PrecompiledGenerable, Equatable {
///     @Guide(description: "Exactly three next steps", .count(3), .element(.length(1...100)))
///     public var steps: [String] = []
///     public init() {}
///     public static let precompiledGrammar = #"""
///     root ::= "{" …
///     """#
/// }
/// ```
///
/// Declaring the grammar by hand is possible but risky: it must be exactly the grammar of
/// `generationSchema` (the generated types are checked against the compiler in Guided's tests).
public protocol PrecompiledGenerable: Generable {
    /// llama.cpp GBNF for ``SchemaRepresentable/generationSchema``, start rule `root`.
    static var precompiledGrammar: String { get }
}
