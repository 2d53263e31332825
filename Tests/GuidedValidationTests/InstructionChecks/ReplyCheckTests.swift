import GuidedTestSupport
import Testing

/// `startsWith` and `exactly`: how an answer begins, and whether it is the given reply.
@Suite struct ReplyCheckTests {
    let yesOrNo = InstructionCheck.startsWith(["Yes", "No"])
    let gardening = InstructionCheck.exactly("I can only help with gardening.")

    @Test func startsWithTheFirstWord() {
        #expect(passes(yesOrNo, "Yes, bread freezes well."))
        #expect(passes(yesOrNo, "No. It will go stale."))
        #expect(passes(yesOrNo, "yes! Freeze it."))
        #expect(passes(yesOrNo, "**Yes**, it freezes well."))
        #expect(passes(yesOrNo, "  \"No,\" because it goes stale."))
        #expect(passes(yesOrNo, "“Yes” — freeze it."))
        #expect(passes(.startsWith(["Woof"]), "Woof! I love fetch."))
        #expect(passes(.startsWith(["Here's one"]), "Here’s one: why did the dog sit?"))
    }

    @Test func anotherFirstWordFails() {
        #expect(reason(yesOrNo, "Sure, bread freezes well.") == #"starts with "Sure,", not Yes or No"#)
        #expect(reason(yesOrNo, "Yesterday I froze bread.") == #"starts with "Yesterday", not Yes or No"#)
        #expect(reason(yesOrNo, "Absolutely yes.") == #"starts with "Absolutely", not Yes or No"#)
        #expect(reason(.startsWith(["Woof"]), "🐶 Woof!") == #"starts with "🐶", not Woof"#)
        #expect(reason(yesOrNo, "") == #"starts with "", not Yes or No"#)
    }

    @Test func exactlyIgnoresFullStopQuotesAndWhitespace() {
        #expect(passes(gardening, "I can only help with gardening."))
        #expect(passes(gardening, "  I can only help with gardening\n"))
        #expect(passes(gardening, "I can only help with gardening.."))
        #expect(passes(gardening, "“I can only help with gardening.”"))
        #expect(passes(gardening, "\"I can only help with gardening\"."))
        #expect(passes(gardening, "**I can only help with gardening.**"))
        #expect(
            passes(
                .exactly("I'm here to help with travel questions only."), "I’m here to help with travel questions only."
            ))
        #expect(passes(.exactly("Let's talk about something else!"), "Let's talk about something else!"))
        #expect(
            passes(
                .exactly("Let's work it out together. What have you tried so far?"),
                "Let's work it out together.  What have you tried so far?"))
    }

    @Test func anythingElseIsNotExact() {
        let failure = #"not exactly "I can only help with gardening.""#
        #expect(reason(gardening, "i can only help with gardening.") == failure)
        #expect(reason(gardening, "Sorry, I can only help with gardening.") == failure)
        #expect(reason(gardening, "I can only help with gardening. Try a tax website!") == failure)
        #expect(reason(gardening, "I can only help with gardening!") == failure)
        #expect(reason(.exactly("Let's talk about something else!"), "Let's talk about something else.") != nil)
    }
}
