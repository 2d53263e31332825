import GuidedSchema
import GuidedValidation
import Testing

/// `GroundingValidator`: shared words and each kind of invented specific, one at a time.
@Suite struct GroundingValidatorTests {
    /// The grounding rejections for one string against `grounding`.
    func check(_ text: String, _ grounding: [String], minimumSharedWords: Int = 1) -> [String] {
        let context = ValidationContext(grounding: grounding, schema: GenerationSchema(root: .any))
        return GroundingValidator(minimumSharedWords: minimumSharedWords).check(GeneratedContent(text), in: context)
            .map(\.reason)
    }

    @Test func sharedWordsMatchThroughTheStemmer() {
        #expect(check("Go swimming this week", ["learn to swim"]) == [])
        #expect(check("Track the shipping", ["Order shipped"]) == [])
        #expect(check("Take the next step", ["three steps left"]) == [])
    }

    @Test func stopwordsAreNotSharedWords() {
        #expect(check("Go to the store", ["The pool is open to all of you"]) == ["noSharedWords"])
    }

    @Test func minimumSharedWordsIsEnforced() {
        let grounding = ["Goal: learn to swim. Entries: bought goggles; pool opens at 7"]
        #expect(check("Swim a lap in the pool", grounding, minimumSharedWords: 2) == [])
        #expect(check("Swim a lap today", grounding, minimumSharedWords: 2) == ["noSharedWords"])
    }

    @Test func anySnippetCanGroundAString() {
        #expect(check("Wear the goggles", ["Goal: learn to swim", "Bought goggles"]) == [])
    }

    @Test func noGroundingMeansNothingIsShared() {
        #expect(check("Swim a lap", []) == ["noSharedWords"])
    }

    @Test func numbersMustComeFromTheGrounding() {
        let grounding = ["Pool opens at 7; lane swim costs 4.50"]
        #expect(check("The pool opens at 7", grounding) == [])
        #expect(check("The pool opens at 8", grounding) == ["ungroundedNumber"])
        #expect(check("Lane swim costs 4.50", grounding) == [])
        #expect(check("Lane swim costs 4.75", grounding) == ["ungroundedNumber"])
        #expect(check("The pool opens at 7am", grounding) == [], "a number with a short unit is matched by its digits")
    }

    @Test func digitBearingCodesMustMatchWhole() {
        let grounding = ["Order 1Z999AA1 shipped"]
        #expect(check("Order 1Z999AA1 is on its way", grounding) == [])
        #expect(check("Order 1Z999AA2 is on its way", grounding) == ["ungroundedNumber"])
    }

    @Test func ordinalsMustComeFromTheGrounding() {
        let grounding = ["Reading goal: finish the first book of the trilogy"]
        #expect(check("Finish the first book", grounding) == [])
        #expect(check("Finish the 1st book", grounding) == [], "1st and first are the same ordinal")
        #expect(check("Finish the third book", grounding) == ["ungroundedOrdinal"])
        #expect(
            check("Finish the 2nd book", grounding) == ["ungroundedOrdinal"],
            "a numeric ordinal is an ordinal, not a number")
    }

    @Test func sequencingOrdinalsAreAllowed() {
        #expect(check("First, finish the book", ["finish the book"]) == [])
    }

    @Test func datesMustComeFromTheGrounding() {
        let grounding = ["Delivery expected Friday, 12 June"]
        #expect(check("Delivery arrives Friday", grounding) == [])
        #expect(check("Delivery arrives Fri", grounding) == [], "an abbreviation names the same day")
        #expect(check("Delivery arrives Monday", grounding) == ["ungroundedDate"])
        #expect(check("Delivery arrives tomorrow", grounding) == ["ungroundedDate"])
        #expect(check("Delivery arrives in July", grounding) == ["ungroundedDate"])
        #expect(check("Delivery arrives in June", grounding) == [])
    }

    @Test func mayAndMarchAreDatesOnlyWhenCapitalizedMidSentence() {
        let grounding = ["Delivery expected Friday"]
        #expect(check("Delivery may be late", grounding) == [])
        #expect(check("May the delivery be quick", grounding) == [])
        #expect(check("Delivery arrives in May", grounding) == ["ungroundedDate"])
    }

    @Test func capitalizedNamesMustComeFromTheGrounding() {
        let grounding = ["Swim lesson at Riverside Pool with coach maria"]
        #expect(check("Meet Maria at Riverside Pool", grounding) == [], "the grounding may name them in any case")
        #expect(check("Meet Jonas at the pool", grounding) == ["ungroundedName"])
        #expect(check("Swim with coach Maria. Then rest", grounding) == [], "a sentence-initial word is not a name")
        #expect(check("The lesson is when I said", grounding) == [])
        #expect(check("Time For Your Swim Lesson", grounding) == [], "capitalized stopwords are not names")
        #expect(check("Time For Your Dive Lesson", grounding) == ["ungroundedName"], "title case needs grounded words")
    }

    @Test func eachInventedSpecificIsReportedOncePerString() {
        let context = ValidationContext(grounding: ["pool opens at 7"], schema: GenerationSchema(root: .any))
        let rejections = GroundingValidator().check(["The pool opens at 8, not 8:30, on Monday"], in: context)
        #expect(summary(rejections) == ["ungroundedNumber /0", "ungroundedNumber /0", "ungroundedDate /0"])
    }

    @Test func pointersLimitWhatIsChecked() throws {
        let value = try output(#"{"category":"reminder","body":"Pack the goggles"}"#)
        let context = ValidationContext(grounding: ["bought goggles"], schema: GenerationSchema(root: .any))
        #expect(summary(GroundingValidator().check(value, in: context)) == ["noSharedWords /category"])
        #expect(GroundingValidator(at: [pointer("/body")]).check(value, in: context).isEmpty)
    }
}
