import GuidedTestSupport
import Testing

/// `decimal` and `noFraction`: a number written with a point, and no `a/b` anywhere.
@Suite struct NumberCheckTests {
    @Test func findsTheDecimalInsideASentence() {
        #expect(passes(.decimal(0.75), "3 divided by 4 is 0.75."))
        #expect(passes(.decimal(0.75), "The answer is .75, or 75 percent."))
        #expect(passes(.decimal(0.75), "That gives 0.750 exactly"))
        #expect(passes(.decimal(1.25), "Half of 2.5 cups is 1.25 cups."))
        #expect(passes(.decimal(1250.5), "It costs 1,250.5 in total."))
        #expect(passes(.decimal(0.75), "**0.75**"))
    }

    @Test func anotherNumberOrNoneFails() {
        #expect(reason(.decimal(0.75), "3 divided by 4 is 0.8.") == "no decimal 0.75")
        #expect(reason(.decimal(0.75), "It is 75 percent.") == "no decimal 0.75")
        #expect(reason(.decimal(0.75), "Version 0.75.1 is out.") == "no decimal 0.75")
        #expect(reason(.decimal(0.75), "Call model x0.75 later.") == "no decimal 0.75")
        #expect(reason(.decimal(1.25), "It is 11.25.") == "no decimal 1.25")
    }

    @Test func aFractionFailsEvenBesideTheDecimal() {
        #expect(reason(.decimal(0.75), "3/4 is 0.75.") == "wrote the fraction 3/4")
        #expect(reason(.decimal(0.75), "That is 3 / 4, so 0.75.") == "wrote the fraction 3/4")
        #expect(reason(.decimal(0.75), "That is ¾, or 0.75.") == "wrote the fraction ¾")
    }

    @Test func noFraction() {
        #expect(passes(.noFraction, "Use 1.5 cups of milk and half a cup of water."))
        #expect(passes(.noFraction, "Drive at 50 km/h, and/or walk."))
        #expect(reason(.noFraction, "Use 1 1/2 cups of milk.") == "wrote the fraction 1/2")
        #expect(reason(.noFraction, "Use ½ a cup.") == "wrote the fraction ½")
        #expect(reason(.noFraction, "Add 3⁄8 of it.") == "wrote the fraction 3/8")
    }
}
