import GuidedSchema
import GuidedValidation
import Testing

/// `RestatedQuotationValidator`: the check-after for a fact the request quotes. The rewrites
/// below are recorded from Gemma 3 270M before the restatement grammar, each rejected by a reader
/// in `Benchmarks/Fixtures/quality/labels.jsonl` as a changed fact.
@Suite struct RestatedQuotationValidatorTests {
    func reasons(_ text: String, input: String, grounding: [String]) -> [String] {
        let context = ValidationContext(grounding: grounding, input: input, schema: GenerationSchema(root: .any))
        return RestatedQuotationValidator().check(
            GeneratedContent(properties: [("text", GeneratedContent(text))]), in: context
        )
        .map(\.reason)
    }

    static let yarn = ["Goal: learn to knit a scarf", "3 October 2026: Cast on 30 stitches with thick yarn."]
    static let yarnCopy = #"On 3 October you wrote: "Cast on 30 stitches with thick yarn.""#

    @Test func aRewriteThatRestatesTheQuotedFactPasses() {
        #expect(
            reasons("On 3 October you cast on 30 stitches with thick yarn.", input: Self.yarnCopy, grounding: Self.yarn)
                == [])
        #expect(
            reasons("You cast on 30 stitches with thick yarn! Keep going.", input: Self.yarnCopy, grounding: Self.yarn)
                == [])
    }

    @Test func aRewriteThatChangesDropsOrLeavesOutAQuotedWordFails() {
        for recorded in [
            "On 3 October you cast on 30 stitches with thin yarn.", // recorded
            "On 3 October you cast on 30 stitches.",
            "Back in October you started a scarf.",
        ] {
            #expect(
                reasons(recorded, input: Self.yarnCopy, grounding: Self.yarn) == ["quotationChanged"], "\(recorded)")
        }
        let sketch = ["Goal: learn to draw portraits", "14 January 2026: Sketched my sister from a photo."]
        let copy = #"Back in January you wrote: "Sketched my sister from a photo.""#
        #expect(
            reasons("Back in January your sister drew a photo.", input: copy, grounding: sketch) == ["quotationChanged"]
        )
        #expect(reasons("Back in January you sketched your sister from a photo.", input: copy, grounding: sketch) == [])
    }

    @Test func anInputThatQuotesNoFactPassesEverything() {
        #expect(reasons("Anything at all.", input: "Suggest three next steps.", grounding: Self.yarn) == [])
        #expect(reasons("Anything at all.", input: #"Tap "Start" to begin."#, grounding: Self.yarn) == [])
    }

    @Test func theRejectionNamesTheQuotation() {
        let context = ValidationContext(
            grounding: Self.yarn, input: Self.yarnCopy, schema: GenerationSchema(root: .any))
        let rejection = RestatedQuotationValidator().check(GeneratedContent("You knitted."), in: context).first
        #expect(rejection?.validator == "restatedQuotation")
        #expect(
            rejection?.detail.hasPrefix(#"does not restate "Cast on 30 stitches with thick yarn." word for word"#)
                == true)
    }
}
