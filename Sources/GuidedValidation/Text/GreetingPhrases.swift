/// Greetings, praise and filler that open a chat reply rather than an instruction
/// ("Great job!", "Sure, here are…", "Well done").
///
/// Each entry is one or more lowercase words without apostrophes (`here's` → `heres`); a
/// text opens with an entry when its first words are exactly the entry's words.
/// Imperatives that read as encouragement (`Remember`, `Keep`, `Try`) are actions and are
/// not listed.
package enum GreetingPhrases {
    /// Every entry, in no meaningful order: `hi`, `hello`, `well done`, `good job`, `sure`, ….
    public static let all: [String] = [
        "hi", "hello", "hey", "hiya", "greetings", "dear", "welcome",
        "congrats", "congratulations", "well done", "good job", "great job", "nice job", "nice work",
        "great work", "good work", "good luck", "good morning", "good afternoon", "good evening",
        "good news", "great", "nice", "awesome", "amazing", "fantastic", "wonderful", "excellent",
        "bravo", "kudos", "cheers", "wow", "yay", "hooray", "woohoo",
        "sure", "okay", "ok", "alright", "yes", "yeah", "yep", "absolutely", "certainly", "of course",
        "thanks", "thank you", "sorry", "oh", "ah", "well", "so", "here", "heres", "here are", "here is",
    ]
}
