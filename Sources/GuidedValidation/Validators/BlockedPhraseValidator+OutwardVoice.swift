extension BlockedPhraseValidator {
    /// The default outward-voice blocklist: words an app that respects its users does not say
    /// to them, matched as word prefixes (so `"unlock"` also catches `"unlocked"`).
    ///
    /// - hype: `amazing`, `awesome`, `incredible`, `epic`, `game changer`, `supercharge`,
    ///   `level up`, `crush it`, `skyrocket`, `unlock`;
    /// - pressure and scarcity: `don't miss`, `act now`, `hurry`, `last chance`, `limited time`,
    ///   `before it's too late`, `you must`, `you need to`;
    /// - guilt and blame: `you forgot`, `you failed`, `you haven't`, `you didn't`, `you should have`,
    ///   `don't give up`, `lazy`, `shame`;
    /// - false intimacy and bot voice: `we miss you`, `as an ai`, `as your assistant`.
    ///
    /// Override it by passing `phrases:`; extend it with `outwardVoice + ["…"]`.
    public static let outwardVoice: [String] = [
        "amazing", "awesome", "incredible", "epic", "game changer", "game-changer", "supercharge", "level up",
        "crush it", "skyrocket", "unlock",
        "don't miss", "act now", "hurry", "last chance", "limited time", "before it's too late", "you must",
        "you need to",
        "you forgot", "you failed", "you haven't", "you didn't", "you should have", "don't give up", "lazy", "shame",
        "we miss you", "as an ai", "as your assistant",
    ]
}
