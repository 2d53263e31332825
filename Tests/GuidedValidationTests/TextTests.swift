import GuidedValidation
import Testing

/// The stemmer and the stopword list behind the grounding check.
@Suite struct EnglishStemmerTests {
    @Test(arguments: [
        ["shipped", "ship", "shipping", "ships", "Shipped"],
        ["steps", "step", "stepped", "stepping"],
        ["swimming", "swim", "swims"],
        ["running", "run", "runs"],
        ["goggles", "goggle"],
        ["make", "making", "makes"],
        ["tries", "tried", "try"],
        ["finish", "finished", "finishes", "finishing"],
        ["open", "opens", "opened", "opening"],
        ["quick", "quickly"],
        ["entry", "entries"],
    ])
    func formsShareAStem(_ forms: [String]) {
        let stems = Set(forms.map(EnglishStemmer.stem))
        #expect(stems.count == 1, "\(forms) → \(stems)")
    }

    @Test(arguments: [
        ("swimming", "swim"), ("shipped", "ship"), ("hopping", "hop"), ("falling", "fall"),
        ("passes", "pass"), ("boxes", "box"), ("bring", "bring"), ("thing", "thing"), ("need", "need"),
        ("needs", "need"), ("bed", "bed"), ("bus", "bus"), ("class", "class"), ("yes", "yes"),
        ("only", "only"), ("early", "early"), ("goes", "go"), ("studies", "study"), ("Reading", "read"),
    ])
    func stems(_ word: String, _ stem: String) {
        #expect(EnglishStemmer.stem(word) == stem)
    }

    @Test func differentWordsKeepDifferentStems() {
        #expect(EnglishStemmer.stem("swim") != EnglishStemmer.stem("run"))
        #expect(EnglishStemmer.stem("bought") == EnglishStemmer.stem("buy"), "irregular forms meet their base verb")
        #expect(EnglishStemmer.stem("sat") == EnglishStemmer.stem("sitting"))
        #expect(EnglishStemmer.stem("meditation") == EnglishStemmer.stem("meditate"))
        #expect(EnglishStemmer.stem("onion") == "onion", "short words keep -ion")
    }
}

@Suite struct EnglishStopwordsTests {
    @Test(arguments: ["the", "The", "and", "you", "your", "is", "to", "don't", "Don’t", "it's", "would"])
    func functionWordsAreStopwords(_ word: String) {
        #expect(EnglishStopwords.contains(word))
    }

    @Test(arguments: ["pool", "swim", "goggles", "book", "first", "monday", "order", "7"])
    func contentWordsAreNot(_ word: String) {
        #expect(!EnglishStopwords.contains(word))
    }

    @Test func theListIsLowercaseWithoutApostrophes() {
        #expect(EnglishStopwords.all.allSatisfy { $0 == $0.lowercased() && !$0.contains("'") })
    }
}
