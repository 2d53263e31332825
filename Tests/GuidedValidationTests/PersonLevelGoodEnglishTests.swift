import GuidedSchema
import GuidedValidation
import Testing

/// Ordinary good English must pass every person-level check: false positives cost shipped
/// model output. Steps run with the step checks on, three to an output (so near-duplicate
/// checks see realistic neighbours); notifications run as a `text` field.
@Suite struct PersonLevelGoodEnglishTests {
    static let stepSets: [(grounding: [String], steps: [String])] = [
        (
            ["Goal: learn to swim", "Entry: bought goggles"],
            [
                "Book a beginner swim lesson at the public pool",
                "Practise floating on your back for five minutes",
                "Pack the goggles the night before",
            ]
        ),
        (
            ["Goal: knit a scarf", "Entry: watched a video about casting on"],
            [
                "Buy a ball of thick wool and a pair of needles",
                "Watch a short video on casting on",
                "Knit ten rows, then count your stitches",
            ]
        ),
        (
            ["Goal: read more", "Entry: finished the first chapter"],
            [
                "Read ten pages before bed each evening",
                "Keep the book on your nightstand",
                "Write one line about each chapter you finish",
            ]
        ),
        (
            ["Goal: run a 5k", "Entry: walked around the block"],
            [
                "Lace up your shoes and walk for ten minutes",
                "Jog slowly to the end of the street and back",
                "Stretch your calves after every run",
            ]
        ),
        (
            ["Goal: save money", "Entry: paid for three streaming services"],
            [
                "Set up a weekly transfer into your savings account",
                "Cancel one subscription you no longer use",
                "Track every purchase in a notebook this week",
            ]
        ),
        (
            ["Goal: cook at home", "Entry: ordered takeaway twice"],
            [
                "This week, cook one new recipe from your cookbook",
                "Chop the onions before heating the pan",
                "Invite a friend over for dinner on Sunday",
            ]
        ),
        (
            ["Goal: sleep earlier", "Entry: stayed up until one"],
            [
                "Put your phone in another room at ten",
                "With a warm drink in hand, dim the lights",
                "Before breakfast, stretch for five minutes",
            ]
        ),
        (
            ["Goal: learn the guitar", "Entry: tuned the guitar"],
            [
                "Tune the guitar and practise two chords",
                "Find a friend to play with on weekends",
                "Record yourself playing one song",
            ]
        ),
    ]

    static let notifications: [String] = [
        "Back in March you wrote that you bought goggles. Ready for the pool this week?",
        "You finished the first book of the trilogy. Which one is next on your list?",
        "Three weeks of knitting practice so far. Your scarf is almost done!",
        "It has been a week since your last run. A short jog today would count.",
        "Your savings jar passed its goal on Friday. Nice work, keep it going.",
        "You planned to cook something new this week. Tonight could be the night.",
        "Remember the lesson you signed up for? It starts at 7 tomorrow.",
        "Your goggles are still in the bag. Take them along and swim a few laps.",
        "Last month you walked every morning. Want to pick that habit back up?",
        "You wrote that the pool felt cold. The water is warmer on weekends.",
        "Two chapters left in your book. An hour this evening would finish it.",
        "Good news: the library renewed your card, so the novel can stay home longer.",
        "Your guitar has waited since Sunday. Five minutes of chords is plenty.",
        "Well done on a full week of early nights. Keep the phone out of the bedroom.",
        "Since you started, you have saved enough for the new bike. Worth a look?",
        "(Just a nudge) the scarf needs ten more rows, and you have the wool.",
    ]

    @Test func thereAreAtLeastThirtySentences() {
        #expect(Self.stepSets.count * 3 + Self.notifications.count >= 30)
    }

    @Test(arguments: stepSets.indices)
    func goodStepsPassEveryCheck(_ index: Int) {
        let set = Self.stepSets[index]
        let value: GeneratedContent = ["steps": GeneratedContent(elements: set.steps.map { GeneratedContent($0) })]
        let context = ValidationContext(prompt: swimPrompt, grounding: set.grounding, schema: stepSuggestionsSchema)
        #expect(verdicts(stepChecks.run(value, in: context)) == [], "\(set.steps)")
    }

    @Test(arguments: notifications)
    func goodNotificationsPassEveryCheck(_ text: String) {
        let context = ValidationContext(
            prompt: swimPrompt, grounding: ["Goal: learn to swim"], schema: rewrittenNotificationSchema)
        #expect(
            verdicts(ValidatorChain.personLevel().run(["text": GeneratedContent(text)], in: context)) == [], "\(text)")
    }
}
