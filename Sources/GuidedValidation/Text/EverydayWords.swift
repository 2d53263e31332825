/// Everyday English verbs, adjectives and adverbs that name no subject: "keep", "get", "better",
/// "same", "again". Any goal's steps may use them, so a word from this list never counts as
/// carrying an example's subject into a request (``ExampleLeakValidator``).
///
/// Entries are lowercase base forms; they are compared by `EnglishStemmer` stem, so "kept",
/// "getting" and "tried" match too. Domain verbs ("fold", "tie", "knit", "swim") are left out on
/// purpose: they are exactly what leaks.
package enum EverydayWords {
    /// The base forms.
    public static let words: Set<String> = [
        // Verbs of doing, moving and trying.
        "be", "have", "do", "get", "make", "take", "give", "keep", "let", "put", "set", "go", "come", "see", "look",
        "find",
        "use", "try", "start", "begin", "stop", "finish", "end", "open", "close", "turn", "move", "bring", "carry",
        "hold",
        "leave", "stay", "wait", "need", "want", "like", "feel", "think", "know", "learn", "lose", "win", "miss",
        "help",
        "show", "tell", "ask", "say", "call", "write", "read", "work", "play", "run", "walk", "sit", "stand", "check",
        "plan", "practise", "practice", "prepare", "repeat", "review", "note", "mark", "add", "drop", "pick", "choose",
        "change", "fix", "build", "follow", "aim", "focus", "spend", "save", "buy", "pay", "share", "join", "meet",
        "solve", "improve", "reach", "list", "test", "record", "track", "count", "time", "watch", "listen", "talk",
        "clean", "slip", "fail", "manage", "remember", "forget", "notice", "decide", "last", "return", "break",
        // Adjectives and adverbs of degree, time and order.
        "good", "better", "best", "bad", "worse", "great", "small", "big", "short", "long", "little", "same", "new",
        "old",
        "next", "easy", "hard", "slow", "fast", "early", "late", "whole", "full", "half", "different", "simple",
        "clear",
        "ready", "right", "wrong", "again", "once", "still", "already", "later", "soon", "often", "daily", "weekly",
        "today",
        "every", "each", "few", "more", "most", "less", "least", "other", "own", "real", "sure", "enough", "far",
        // Everyday nouns of time and measure.
        "day", "week", "month", "year", "minute", "hour", "morning", "evening", "night", "session", "way", "thing",
        "part",
    ]

    /// The stems of ``words``.
    static let stems: Set<String> = Set(words.map(EnglishStemmer.stem))

    /// Whether `stem` (an `EnglishStemmer` stem) is an everyday word's.
    package static func containsStem(_ stem: String) -> Bool { stems.contains(stem) }
}
