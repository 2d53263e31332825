import GuidedTestSupport
import Testing

/// `sentences`: what ends a sentence and what does not.
@Suite struct SentenceCheckTests {
    func count(_ answer: String) -> Int? {
        (0...12).first { passes(.sentences(min: $0, max: $0), answer) }
    }

    @Test func countsSentenceEnds() {
        #expect(count("Cats purr when they are happy.") == 1)
        #expect(count("Cats purr. Dogs bark! Do birds sing?") == 3)
        #expect(count("Wait… really?") == 2)
        #expect(count("Really?! Yes.") == 2)
        #expect(count("She said \"stop.\" Then she left.") == 2)
    }

    @Test func aLastSentenceWithoutAFullStopCounts() {
        #expect(count("Cats purr when they are happy") == 1)
        #expect(count("Cats purr. Dogs bark") == 2)
    }

    @Test func decimalsDoNotEndASentence() {
        #expect(count("Each friend gets 0.625 of a pizza, which is 62.5 percent.") == 1)
        #expect(count("It costs $3.50. The total is 10.25.") == 2)
    }

    @Test func abbreviationsDoNotEndASentence() {
        #expect(count("Bring a snack, e.g. an apple, and some water.") == 1)
        #expect(count("Pack layers (i.e. a fleece) for the evening.") == 1)
        #expect(count("Mr. Smith and Dr. Jones met Mrs. Lee at St. Mary's vs. the old school.") == 1)
        #expect(count("I read J. K. Rowling last summer.") == 1)
        #expect(count("Bring pens, paper, etc. for class.") == 1)
        #expect(count("Bring pens, paper, etc. Then head to class.") == 2)
        #expect(count("We open at 9 a.m. every day.") == 1)
    }

    @Test func listNumbersDoNotEndASentence() {
        #expect(count("1. Boil water\n2. Add the tea\n3. Wait three minutes") == 3)
        #expect(count("Here is how:\n1. Boil water.\n2) Add the tea.") == 3)
    }

    @Test func lineBreaksEndASentence() {
        #expect(count("A short title\nThe body of the answer.") == 2)
        #expect(count("One sentence.\n\n") == 1)
    }

    @Test func markdownIsIgnored() {
        #expect(count("**Cats purr** when they are *happy*.") == 1)
        #expect(count("**Yes.** Bread freezes well.") == 2)
        #expect(count("# Tips\n- Water daily.\n- Use sun.") == 3)
    }

    @Test func punctuationAloneIsNoSentence() {
        #expect(count("...") == 0)
        #expect(count("") == 0)
        #expect(count("Done. !") == 1)
    }

    @Test func reportsTheCountAndTheBound() {
        #expect(reason(.sentences(min: 1, max: 1), "One. Two.") == "2 sentences, at most 1")
        #expect(reason(.sentences(min: 2, max: nil), "Just one.") == "1 sentence, at least 2")
        #expect(reason(.sentences(min: nil, max: 3), "One. Two.") == nil)
    }
}
