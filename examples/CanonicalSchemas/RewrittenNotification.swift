import GuidedSchema

/// A push notification rewritten by a model from facts the app supplies.
public struct RewrittenNotification: Generable, Equatable {
    /// Describes the type to the model, with the worked examples the Senba flows use: each from
    /// another domain with its own facts (`schemas/RewrittenNotification.json` carries the same, as
    /// `x-guided-examples`).
    public static let configuration = GenerableConfiguration(
        description: "A push notification rewritten in plain, friendly words",
        examples: [
            Example(
                "Back in January you wrote: \"Solved some puzzles before bed.\"",
                grounding: ["Goal: get better at chess", "12 January 2026: Solved some puzzles before bed."],
                output: ["text": "In January you solved some puzzles before bed. Up for a few more?"]),
            Example(
                "On 10 November you wrote: \"Folded a paper crane from a square sheet.\"",
                grounding: ["Goal: learn origami", "10 November 2025: Folded a paper crane from a square sheet."],
                output: [
                    "text":
                        "On 10 November you folded a paper crane from a square sheet. Look how far your folding has come."
                ]),
            Example(
                "Remember September? You wrote: \"The clove hitch kept slipping.\"",
                grounding: ["Goal: learn to tie sailing knots", "2 September 2025: The clove hitch kept slipping."],
                output: ["text": "Remember September? Your clove hitch kept slipping. Ready to tie it tight now?"]),
        ])

    /// The notification text.
    @Guide(description: "The notification text, at most 180 characters", .maximumLength(180))
    public var text: String = ""

    /// Creates an empty notification.
    public init() {}

    /// Creates a notification with the given text.
    public init(text: String) { self.text = text }
}
