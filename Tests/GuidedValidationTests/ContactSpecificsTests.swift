import GuidedSchema
import GuidedValidation
import Testing

/// Links, e-mail addresses and handles are specifics like names and numbers: one the facts
/// never gave is rejected by `GroundingValidator`, one they gave passes, and what only looks
/// dotted (`e.g.`, `a.m.`, `3.5`) is none.
@Suite struct ContactSpecificsTests {
    static let facts = ["Goal: learn to swim", "Entry: the pool's timetable is on swim.example.org/times"]

    func check(_ text: String, _ grounding: [String] = Self.facts) -> [String] {
        GroundingValidatorTests().check(text, grounding)
    }

    @Test(arguments: [
        ("Read the swim guide at https://swimming.example.com/start", "ungroundedLink"),
        ("Book a swim lesson on www.poolbooking.net", "ungroundedLink"),
        ("Find a swim coach on coaches.io", "ungroundedLink"),
        ("Email the swim club at club@pool.example.com", "ungroundedAddress"),
        ("Follow @swimcoach for swim drills", "ungroundedHandle"),
    ])
    func aContactTheFactsNeverGaveIsRejected(_ text: String, _ reason: String) {
        #expect(check(text) == [reason], "\(text)")
    }

    @Test func oneTheFactsGaveIsGroundedInAnyCaseAndBeforeAFullStop() {
        #expect(check("Check the swim timetable on Swim.Example.org/times.") == [])
        #expect(check("Check swim.example.org for the pool") == [], "a part of a grounded link")
    }

    @Test func abbreviationsDecimalsAndTimesAreNotContacts() {
        let grounding = ["Goal: learn to swim", "Entry: swam 3.5 lengths at 7 a.m."]
        #expect(check("Swim 3.5 lengths at 7 a.m., e.g. before work", grounding) == [])
    }

    @Test func eachKindIsFoundByItsShape() {
        let found = ContactSpecifics.find(in: "Write to Help@Senba.app, see senba.app/faq, or ping @senba_team.")
        #expect(found.map(\.kind) == [.address, .link, .handle])
        #expect(found.map(\.text) == ["help@senba.app", "senba.app/faq", "@senba_team"])
    }
}
