public import GuidedSchema

/// Rejects strings longer than a cap, counted in Unicode scalars (as JSON Schema's
/// `maxLength` counts), so a notification fits where the app shows it.
public struct CharacterCapValidator: OutputValidator {
    /// The most characters (Unicode scalars) a string may have.
    package var maximum: Int
    /// The strings capped: nil for every string; otherwise every string at or under each
    /// pointer, so an array's pointer caps each element.
    package var pointers: [JSONPointer]?

    /// Caps every string (or those at `pointers`) at `maximum` characters.
    public init(maximum: Int, at pointers: [JSONPointer]? = nil) {
        self.maximum = maximum
        self.pointers = pointers
    }

    /// `"characterCap"`.
    public var name: String { "characterCap" }

    /// One `"maxCharacters"` rejection per string over the cap.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        output.selectedStrings(pointers).compactMap { leaf in
            let length = leaf.text.unicodeScalars.count
            guard length > maximum else { return nil }
            return Rejection(
                validator: name, reason: "maxCharacters", pointer: leaf.pointer,
                detail: "\(length) characters, at most \(maximum) allowed: \(Excerpt.quoted(leaf.text))"
            )
        }
    }
}
