import GuidedTestSupport
import Testing

/// `words`: runs of letters and digits, joined across inner apostrophes, hyphens and number marks.
@Suite struct WordCheckTests {
    func count(_ answer: String) -> Int? {
        (0...40).first { passes(.words(min: $0, max: $0), answer) }
    }

    @Test func countsRunsOfLettersAndDigits() {
        #expect(count("Trim the stems and keep the basil in water.") == 9)
        #expect(count("  Tokyo.  ") == 1)
        #expect(count("") == 0)
        #expect(count("🐱 — !") == 0)
    }

    @Test func innerApostrophesAndHyphensJoin() {
        #expect(count("Don't skip the run-walk intervals.") == 5)
        #expect(count("It’s a well-known trick.") == 4)
        #expect(count("Rock - paper") == 2)
        #expect(count("the dogs' toys") == 3)
    }

    @Test func numbersStayWhole() {
        #expect(count("Total: $10.25") == 2)
        #expect(count("About 7,000 steps at 12:30.") == 5)
        #expect(count("Apples, pears, plums") == 3)
    }

    @Test func abbreviationsAreTheirLetters() {
        #expect(count("e.g. apples") == 3)
    }

    @Test func reportsTheCountAndTheBound() {
        #expect(reason(.words(min: nil, max: 3), "One two three four.") == "4 words, at most 3")
        #expect(reason(.words(min: 5, max: nil), "Hi") == "1 word, at least 5")
        #expect(reason(.words(min: 1, max: 8), "Teaching My Old Dog to Fetch") == nil)
    }
}
