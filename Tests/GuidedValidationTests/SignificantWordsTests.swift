import GuidedValidation
import Testing

/// The significant words an app can match texts by, as the checks read them.
@Suite struct SignificantWordsTests {
    @Test func caseAndPunctuationAndStopwordsDoNotCount() {
        #expect(SignificantWords.of("The loaf, and THE LOAF!") == ["loaf"])
    }

    @Test func inflectionsMeetAtTheirStem() {
        #expect(SignificantWords.of("the starters") == SignificantWords.of("a starter"))
        #expect(!SignificantWords.of("Fed the starter twice.").isEmpty)
    }

    @Test func contractionsKeepTheirWordAndSingleLettersAreDropped() {
        #expect(SignificantWords.of("Ada's x garden") == SignificantWords.of("Ada garden"))
    }
}
