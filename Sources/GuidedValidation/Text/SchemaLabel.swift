/// A schema property name written as a label: `steps:`, `steps :`, `"steps":`.
struct SchemaLabel: Sendable {
    /// The property name.
    let name: String
    private let forms: [PhraseMatcher]

    /// The label forms of property `name`.
    init(_ name: String) {
        self.name = name
        self.forms = [":", " :", "\":", "\" :"].map { PhraseMatcher(name + $0, ending: .wholeWord) }
    }

    /// Whether `text` (already normalized) uses the name as a label.
    func occurs(in text: [Character]) -> Bool {
        forms.contains { $0.occurs(in: text) }
    }
}
