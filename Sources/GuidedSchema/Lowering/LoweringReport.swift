/// For every keyword and guide of a schema, what happens to it on a given target: enforced
/// while the model generates, checked after generation, or unsupported.
///
/// No keyword is ever silently ignored: the report lists each one, including keywords JSON
/// Schema makes annotations (listed as ignored). Unsupported entries are errors unless the user
/// opted in to accepting them (then they are warnings).
package struct LoweringReport: Sendable, Hashable, CustomStringConvertible {
    /// What happens to one keyword.
    public enum Disposition: String, Sendable, Hashable, CaseIterable {
        /// The grammar (or the server's schema support) makes breaking it impossible.
        case enforced
        /// Not enforced while generating; the validator checks every output after generation.
        case checkedAfter = "checked-after"
        /// Neither enforced nor checked.
        case unsupported
        /// Carries no constraint (a description, a title): passed along as text.
        case annotation
        /// Not a keyword of the schema's draft (an unknown keyword, an `x-` extension, a keyword
        /// of another draft, an unknown format): JSON Schema makes it an annotation, so it
        /// constrains nothing and is neither enforced nor checked. Strict import refuses it.
        case ignored
    }

    /// One keyword's fate.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// Where the keyword sits in the schema (a JSON Pointer into the JSON Schema form).
        public var pointer: JSONPointer
        /// The keyword or guide, e.g. `maxLength`.
        public var keyword: String
        /// What happens to it.
        package var disposition: Disposition
        /// Why, in a few words (e.g. "bound above 1999 is beyond llama.cpp's repetition limit").
        public var note: String

        /// An entry for `keyword` at `pointer` in the schema (JSON Schema form); `note` says why in a
        /// few words, or is empty when the disposition says it all.
        public init(_ pointer: JSONPointer, _ keyword: String, _ disposition: Disposition, _ note: String = "") {
            self.pointer = pointer
            self.keyword = keyword
            self.disposition = disposition
            self.note = note
        }

        /// `#/pointer keyword: disposition (note)`.
        public var description: String {
            "#\(pointer) \(keyword): \(disposition.rawValue)\(note.isEmpty ? "" : " (\(note))")"
        }
    }

    /// The target the report is about, e.g. `gbnf` or `json-schema:openai-strict`.
    public var target: String
    /// Every keyword, in schema order.
    public var entries: [Entry]

    /// A report for `target` (e.g. `gbnf`, `json-schema:openai-strict`), with entries in schema order.
    public init(target: String, entries: [Entry] = []) {
        self.target = target
        self.entries = entries
    }

    /// The entries with `disposition`, in schema order: `report.entries(.checkedAfter)` lists
    /// what a model can get wrong and the validator must catch.
    public func entries(_ disposition: Disposition) -> [Entry] { entries.filter { $0.disposition == disposition } }

    /// One line per entry, headed by the target.
    public var description: String {
        (["lowering report for \(target):"] + entries.map { "  " + $0.description }).joined(separator: "\n")
    }
}
