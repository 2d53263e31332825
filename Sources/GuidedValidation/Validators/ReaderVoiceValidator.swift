public import GuidedSchema

/// Rejects copy that speaks as "I" to the person reading it: an app's notification addresses
/// the reader ("you"), it does not borrow their diary voice or apologise in the first person.
///
/// A string fails (`firstPerson`) when it uses a first-person singular word — `I`, `me`, `my`,
/// `mine`, `myself`, and `I'm`, `I've`, `I'll`, `I'd` — outside double quotation marks.
/// Quoting the reader's own words ("You wrote: \"I swam two lengths\"") is fine. Measured on
/// the embedded model: "I sat quietly for five minutes after the breakfast." as a reminder of
/// the reader's entry.
public struct ReaderVoiceValidator: OutputValidator {
    /// The strings checked: nil for every string, otherwise those at or under each pointer.
    package var pointers: [JSONPointer]?

    /// Rejects first-person singular outside quotes.
    public init(at pointers: [JSONPointer]? = nil) {
        self.pointers = pointers
    }

    /// `"readerVoice"`.
    public var name: String { "readerVoice" }

    /// One `"firstPerson"` rejection per string, naming the first such word.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        output.selectedStrings(pointers).compactMap { leaf in
            guard
                let word = WordTokenizer.tokens(in: ReportedSpeech.unquoted(leaf.text)).first(where: Self.isFirstPerson)
            else {
                return nil
            }
            return Rejection(
                validator: name, reason: "firstPerson", pointer: leaf.pointer,
                detail: "speaks as \"\(word.text)\" to the reader: \(Excerpt.quoted(leaf.text))")
        }
    }

    /// Whether `token` is a first-person singular word. Contractions lose their apostrophe in
    /// `WordTokenizer` (`I'll` → `Ill`), so they count only with the capital `I` that tells
    /// them from `ill` and `id`.
    static func isFirstPerson(_ token: WordToken) -> Bool {
        let lowered = token.lowercased
        if ["i", "me", "my", "mine", "myself"].contains(lowered) { return true }
        return ["im", "ive", "ill", "id"].contains(lowered) && token.text.hasPrefix("I")
    }
}
