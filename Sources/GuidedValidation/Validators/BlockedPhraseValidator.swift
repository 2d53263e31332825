public import GuidedSchema

/// Rejects strings that use a phrase from the app's outward-voice blocklist: by default
/// ``outwardVoice`` (hype, pressure and guilt: `"unlock"`, `"don't miss"`, `"amazing"`,
/// `"you forgot"`, …), or the app's own list.
///
/// A phrase the grounding itself uses is exempt (`exemptsGroundedPhrases`): quoting the
/// user's own "don't miss the bus" back to them is not the app's voice.
///
/// Matching ignores case, treats curly and straight apostrophes alike and any whitespace run
/// as one space. A phrase must start at a word boundary, so `"miss"` never matches
/// `"dismiss"`. By default (``Matching/wordPrefix``) it may end inside a word, so a blocked
/// stem catches its forms: `"unlock"` matches `"Unlocked"` and `"unlocks"`, `"amazing"`
/// matches `"amazingly"`. Choose ``Matching/wholeWord`` for short entries that would
/// otherwise catch unrelated words (`"ham"` and `"hamster"`).
public struct BlockedPhraseValidator: OutputValidator {
    /// How a phrase's end must sit in the text.
    public enum Matching: Sendable, Hashable {
        /// The phrase must end at a word boundary.
        case wholeWord
        /// The phrase may be the start of a longer word (the default).
        case wordPrefix
    }

    /// The phrases to block, matched ignoring case, apostrophe style and whitespace runs;
    /// ``outwardVoice`` by default.
    package var phrases: [String]
    /// How phrase ends match.
    package var matching: Matching
    /// Whether a phrase found in the request's grounding is allowed in the output.
    package var exemptsGroundedPhrases: Bool

    /// Blocks `phrases` (by default ``outwardVoice``), matched as whole words or word prefixes,
    /// except (by default) those the grounding uses.
    public init(
        phrases: [String] = BlockedPhraseValidator.outwardVoice, matching: Matching = .wordPrefix,
        exemptsGroundedPhrases: Bool = true
    ) {
        self.phrases = phrases
        self.matching = matching
        self.exemptsGroundedPhrases = exemptsGroundedPhrases
    }

    /// `"blockedPhrase"`.
    public var name: String { "blockedPhrase" }

    /// One `"blockedPhrase"` rejection per blocked phrase per string that uses it.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        var matchers = phrases.map { PhraseMatcher($0, ending: matching == .wholeWord ? .wholeWord : .wordPrefix) }
        if exemptsGroundedPhrases, !context.grounding.isEmpty {
            let grounding = context.grounding.map(PhraseMatcher.normalized)
            matchers.removeAll { matcher in grounding.contains { matcher.occurs(in: $0) } }
        }
        return output.stringLeaves().flatMap { leaf in
            let text = PhraseMatcher.normalized(leaf.text)
            return matchers.filter { $0.occurs(in: text) }.map { matcher in
                Rejection(
                    validator: name, reason: "blockedPhrase", pointer: leaf.pointer,
                    detail: "uses the blocked phrase \"\(matcher.phrase)\": \(Excerpt.quoted(leaf.text))"
                )
            }
        }
    }
}
