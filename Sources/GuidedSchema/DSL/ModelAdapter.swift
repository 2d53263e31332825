/// A model adapter: a small set of weights (a LoRA) trained on one kind of output, which a
/// backend that has it applies to the base model for the requests of the output types that name
/// it — the counterpart of Foundation Models' `SystemLanguageModel.Adapter`.
///
/// An adapter stands in for worked examples. A 270M base model continues patterns, so without
/// one every request shows it examples; an adapter has learned the pattern, so a request it
/// serves is sent without them (a shorter prompt), and a backend without the adapter gets the
/// type's examples as before. A request that brings its own examples (the call's, its
/// policy's, the configuration's) is served the way it asks: with those examples and no
/// adapter.
///
/// ```swift
/// struct Caption: Generable {
///     static let configuration = GenerableConfiguration(adapter: "house-style")
///     @Guide(description: "A caption in the house style", .length(1...120))
///     var text: String = ""
/// }
/// ```
///
/// A schema file names its adapter with `"x-guided-adapter": "house-style"`. Backends find an
/// adapter by its name: the embedded server loads the installed adapters whose metadata names its
/// model (a file `house-style.gguf` is the adapter `house-style`, `house-style.json` beside it its
/// metadata), and a llama-server started with `--lora-scaled /path/house-style.gguf:0` serves it
/// too. The framework ships no adapter of its own: an app's adapters, their weights and their
/// calibration are the app's data.
public struct ModelAdapter: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The adapter's name: lowercase letters, digits and hyphens, the file name of its weights
    /// without `.gguf`.
    public let name: String

    /// The adapter called `name` (see ``isValidName(_:)``).
    public init(_ name: String) { self.name = name }

    /// The adapter called `value`.
    public init(stringLiteral value: String) { self.name = value }

    /// The name.
    public var description: String { name }

    /// Whether `name` can name an adapter: 1 to 64 lowercase ASCII letters, digits and
    /// hyphens, starting with a letter.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.unicodeScalars.count <= 64
        else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
