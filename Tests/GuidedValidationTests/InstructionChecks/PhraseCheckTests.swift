import GuidedTestSupport
import Testing

/// `contains`, `containsAny`, `forbidden`, `lowercase` and `notRefusal`: words and phrases.
@Suite struct PhraseCheckTests {
    @Test func containsEveryPhraseAsWholeWords() {
        #expect(passes(.contains(["Lisbon"]), "In LISBON, try the Miradouro."))
        #expect(passes(.contains(["Lisbon"]), "Lisbon's best viewpoint is here."))
        #expect(
            passes(
                .contains(["Settings", "Account", "Reset Password"]), "Tap **Settings** > Account > Reset password."))
        #expect(passes(.contains(["Best regards, Sam"]), "See you then.\n\nBest regards,\nSam"))
        #expect(passes(.contains(["€"]), "About €30 a day."))
        #expect(passes(.contains(["10.25"]), "$10.25"))
        #expect(passes(.contains(["🐱"]), "Try a scratching post🐱!"))
        #expect(passes(.contains(["🐱"]), "Try a scratching post 🐱\u{FE0F}"))
        #expect(reason(.contains(["🐱"]), "Try a scratching post 🐈") == #"missing "🐱""#)
        #expect(reason(.contains(["Lisbon"]), "In Lisboa, try the Miradouro.") == #"missing "Lisbon""#)
        #expect(reason(.contains(["10.25"]), "It is 110.25") == #"missing "10.25""#)
        #expect(
            reason(.contains(["Settings", "Account", "Reset Password"]), "Open Settings.")
                == #"missing "Account" and "Reset Password""#)
    }

    @Test func containsAnyNeedsOne() {
        let kilometres = InstructionCheck.containsAny(["kilometres", "km"])
        #expect(passes(kilometres, "Run 2 to 3 km."))
        #expect(passes(kilometres, "Run 2-3km three times."))
        #expect(passes(.containsAny(["Celsius", "°C"]), "About 20°C."))
        #expect(passes(.containsAny(["14 June", "June 14"]), "Saturday, June 14th"))
        #expect(reason(kilometres, "Run 2 miles.") == #"none of "kilometres" or "km""#)
        #expect(reason(kilometres, "Look at the kmart map.") == #"none of "kilometres" or "km""#)
    }

    @Test func forbiddenNamesThePhraseUsed() {
        #expect(passes(.forbidden(["mile", "miles"]), "Smile and run 3 km."))
        #expect(reason(.forbidden(["mile", "miles"]), "Run 2 miles.") == #"used "miles""#)
        #expect(reason(.forbidden(["°F"]), "About 70 °F.") == #"used "°F""#)
        #expect(reason(.forbidden(["negative"]), "Negative.") == #"used "negative""#)
        #expect(reason(.forbidden(["🐱"]), "Walk her daily 🐱.") == #"used "🐱""#)
        #expect(reason(.forbidden(["Let's work it out together"]), "Let’s work it out together!") != nil)
        #expect(passes(.forbidden(["positive"]), "Negative"))
    }

    @Test func lowercase() {
        #expect(passes(.lowercase, "sure! how about 12:30 at the café?"))
        #expect(reason(.lowercase, "sure! how about Noon?") == #"uppercase in "Noon?""#)
        #expect(reason(.lowercase, "i think I can") == #"uppercase in "I""#)
    }

    @Test func notRefusal() {
        #expect(passes(.notRefusal, "Plant them after the last frost, when nights stay warm."))
        #expect(passes(.notRefusal, "If you can only help on weekends, plant on Saturday."))
        #expect(reason(.notRefusal, "I can only help with gardening.") == #"declined: "i can only help""#)
        #expect(reason(.notRefusal, "Sorry, I can’t help with that.") == #"declined: "i can't help""#)
        #expect(reason(.notRefusal, "I'm unable to answer that.") == #"declined: "i'm unable to""#)
        #expect(reason(.notRefusal, "I cannot answer questions about that.") == #"declined: "i cannot answer""#)
    }
}
