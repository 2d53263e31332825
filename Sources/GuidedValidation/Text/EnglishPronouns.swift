/// Personal pronouns, possessives and demonstratives: the words a diary line or a remark
/// opens with, and an instruction does not ("I was standing in…", "Your goal is…").
///
/// Entries are lowercase with apostrophes removed, as `WordTokenizer` writes words
/// (`I'm` → `im`, `you're` → `youre`). Contractions that would collide with ordinary words
/// once the apostrophe is gone (`I'd` → `id`, `I'll` → `ill`, `we'll` → `well`,
/// `we're` → `were`) are left out; `were` is a past form (`PastTenseVerbs`) anyway.
package enum EnglishPronouns {
    /// Every entry, lowercase and without apostrophes: `i`, `im`, `my`, `you`, `youre`, `this`, ….
    public static let all: Set<String> = [
        "i", "im", "ive", "me", "my", "mine", "myself",
        "we", "weve", "us", "our", "ours", "ourselves",
        "you", "youre", "youve", "youll", "youd", "your", "yours", "yourself", "yourselves",
        "he", "hes", "him", "his", "himself", "she", "shes", "her", "hers", "herself",
        "it", "its", "itself", "they", "theyre", "theyve", "theyll", "them", "their", "theirs", "themselves",
        "this", "that", "thats", "these", "those", "there", "theres",
    ]

    /// Demonstratives that open a good instruction when a time word follows
    /// ("This week, book a lesson"), so a step may start with them then.
    package static let demonstratives: Set<String> = ["this", "that", "these", "those"]

    /// The time words that make a leading demonstrative a time phrase: `this week`,
    /// `this evening`, `those mornings`.
    package static let timeWords: Set<String> = [
        "morning", "mornings", "afternoon", "afternoons", "evening", "evenings", "night", "nights",
        "day", "days", "week", "weeks", "weekend", "weekends", "month", "months", "year", "time",
        "spring", "summer", "autumn", "fall", "winter", "monday", "tuesday", "wednesday",
        "thursday", "friday", "saturday", "sunday",
    ]
}
