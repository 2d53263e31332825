import GuidedSchema
import GuidedValidation
import Testing

/// `BlockedPhraseValidator`: case, apostrophes, whitespace and word boundaries.
@Suite struct BlockedPhraseValidatorTests {
    let context = ValidationContext(schema: GenerationSchema(root: .any))

    func blocked(_ text: String, _ phrases: [String], _ matching: BlockedPhraseValidator.Matching = .wordPrefix) -> Bool
    {
        !BlockedPhraseValidator(phrases: phrases, matching: matching).check(GeneratedContent(text), in: context).isEmpty
    }

    @Test func matchesIgnoringCase() {
        #expect(blocked("UNLOCK your streak", ["unlock"]))
        #expect(blocked("An Amazing swim", ["amazing"]))
    }

    @Test func wordPrefixCatchesFormsOfABlockedStem() {
        #expect(blocked("You unlocked a badge", ["unlock"]))
        #expect(blocked("Unlocks tomorrow", ["unlock"]))
        #expect(blocked("amazingly fast", ["amazing"]))
    }

    @Test func wholeWordDoesNot() {
        #expect(!blocked("You unlocked a badge", ["unlock"], .wholeWord))
        #expect(blocked("Unlock it", ["unlock"], .wholeWord))
        #expect(!blocked("A hamster", ["ham"], .wholeWord))
    }

    @Test func thePhraseMustStartAWord() {
        #expect(!blocked("Dismiss this", ["miss"]))
        #expect(!blocked("Relocking the door", ["lock"]))
        #expect(blocked("re-lock the door", ["lock"]), "a hyphen is a word boundary")
    }

    @Test func multiWordPhrasesMatchAcrossApostrophesAndWhitespace() {
        #expect(blocked("Don’t  miss your swim", ["don't miss"]))
        #expect(blocked("DON'T\nMISS it", ["don't miss"]))
        #expect(!blocked("Don't mess it up", ["don't miss"]))
        #expect(!blocked("I don't missing", ["don't miss"], .wholeWord))
    }

    @Test func everyStringEveryPhraseIsReported() throws {
        let value = try output(#"{"title":"Amazing!","body":"Unlock it, don't miss it","tags":["ok","amazing"]}"#)
        let rejections = BlockedPhraseValidator(phrases: ["unlock", "don't miss", "amazing"]).check(value, in: context)
        #expect(
            summary(rejections) == [
                "blockedPhrase /title", "blockedPhrase /body", "blockedPhrase /body", "blockedPhrase /tags/1",
            ])
        #expect(rejections[0].detail == #"uses the blocked phrase "amazing": "Amazing!""#)
    }
}
