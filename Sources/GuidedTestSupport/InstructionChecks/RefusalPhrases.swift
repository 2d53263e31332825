/// The phrases that mark an answer as declining, for the `notRefusal` check.
enum RefusalPhrases {
    /// First-person refusals, lowercased with straight apostrophes; each is matched on whole
    /// words anywhere in the answer.
    static let all = [
        "i can only help", "i can only answer", "i can only assist", "i can only talk",
        "i can't help", "i cannot help", "i can not help",
        "i can't answer", "i cannot answer", "i can not answer",
        "i can't assist", "i cannot assist",
        "i'm unable to", "i am unable to", "i'm not able to", "i am not able to",
        "i'm sorry, but i can't", "i'm sorry, but i cannot",
    ]
}
