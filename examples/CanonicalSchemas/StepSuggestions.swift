import GuidedSchema

/// Three next steps toward a goal the user set.
public struct StepSuggestions: Generable, Equatable {
    /// Describes the type to the model, with the worked examples the Senba flows use: each from
    /// another domain with its own facts (`schemas/StepSuggestions.json` carries the same, as
    /// `x-guided-examples`), and names the adapter trained for next steps (`x-guided-adapter`).
    /// Where the backend serves that adapter (the embedded llama-server does), the model runs
    /// with it and without the examples; elsewhere the examples show the base model the shape.
    public static let configuration = GenerableConfiguration(
        description: "Next steps toward the user's goal",
        examples: [
            Example(
                "Suggest three next steps.",
                grounding: [
                    "Goal: get better at chess", "Journal: Lost two games to the same opening trap.",
                    "Journal: Solved some puzzles before bed.",
                ],
                output: [
                    "steps": [
                        "Study the opening trap that beat you", "Solve a few puzzles every evening",
                        "Replay one lost game move by move",
                    ]
                ]),
            Example(
                "Suggest three next steps.",
                grounding: [
                    "Goal: learn origami", "Journal: Folded a paper crane from a square sheet.",
                    "Journal: The creases on the boat came out crooked.",
                ],
                output: [
                    "steps": [
                        "Press each crease flat with a fingernail", "Fold the boat again on thinner paper",
                        "Try a frog once the crane feels easy",
                    ]
                ]),
            Example(
                "Suggest three next steps.",
                grounding: [
                    "Goal: learn to tie sailing knots", "Journal: Tied a bowline around the post.",
                    "Journal: The clove hitch kept slipping.",
                ],
                output: [
                    "steps": [
                        "Tie the bowline again with your eyes closed", "Pull the clove hitch tight before letting go",
                        "Practise both knots on a thicker rope",
                    ]
                ]),
        ],
        adapter: "next-steps")

    /// Exactly three short steps.
    @Guide(
        description: "Exactly three next steps, in the order to do them", .count(3),
        .element(.length(1...100)), .element(.description("One concrete step, at most 100 characters")))
    public var steps: [String] = []

    /// Creates empty suggestions.
    public init() {}

    /// Creates suggestions with the given steps.
    public init(steps: [String]) { self.steps = steps }
}
