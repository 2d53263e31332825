import GuidedSchema
import GuidedValidation
import Testing

/// `OutputCleanup`: each step, composition order, and what it leaves alone.
@Suite struct OutputCleanupTests {
    @Test func trimAppliesToEveryStringAndNothingElse() throws {
        let value = try output(#"{" key ":["  a b  ", 3, true, null, {"x":"\n y \t"}]}"#)
        #expect(OutputCleanup.trim.apply(value) == (try output(#"{" key ":["a b", 3, true, null, {"x":"y"}]}"#)))
    }

    @Test func collapseWhitespaceMakesEveryRunOneSpace() {
        #expect(OutputCleanup.collapseWhitespace.apply(" Pack \n\n the\tgoggles  ") == " Pack the goggles ")
    }

    @Test(arguments: [
        ("1. Pack the goggles", "Pack the goggles"),
        ("12) Pack the goggles", "Pack the goggles"),
        ("- Pack the goggles", "Pack the goggles"),
        ("• Pack the goggles", "Pack the goggles"),
        ("* Pack the goggles", "Pack the goggles"),
        ("a) Pack the goggles", "Pack the goggles"),
        ("  - 1. Pack the goggles", "Pack the goggles"),
        ("1. Pack\n2. Swim", "Pack\nSwim"),
        ("-5°C outside", "-5°C outside"),
        ("1.5 km swim", "1.5 km swim"),
        ("*Important* swim", "*Important* swim"),
        ("Swim - then rest", "Swim - then rest"),
        ("A. Smith coaches", "A. Smith coaches"),
    ])
    func stripListBullets(_ text: String, _ expected: String) {
        #expect(OutputCleanup.stripListBullets.apply(GeneratedContent(text)) == GeneratedContent(expected))
    }

    @Test func dropDuplicateItemsIgnoresCaseAndKeepsTheFirst() throws {
        let value = try output(#"{"steps":["Swim", "swim ", "Rest", 1, 1, "SWIM"], "nested":[["a","A"]]}"#)
        #expect(
            OutputCleanup.dropDuplicateItems.apply(value)
                == (try output(#"{"steps":["Swim", "Rest", 1, 1], "nested":[["a"]]}"#)))
    }

    @Test func droppedDuplicatesLeaveTheSchemaToCatchAShortArray() throws {
        let garbage = try output(#"{"steps":[",",",",","]}"#)
        let cleaned = OutputCleanup.dropDuplicateItems.apply(garbage)
        #expect(cleaned == (try output(#"{"steps":[","]}"#)))
        let context = ValidationContext(schema: stepsSchema)
        #expect(SchemaValidator().check(garbage, in: context).isEmpty)
        #expect(summary(SchemaValidator().check(cleaned, in: context)) == ["schema /steps"])
    }

    @Test func stepsRunInTheOrderWritten() {
        let lines = GeneratedContent("1. Pack\n2. Swim")
        // Collapsing first joins the lines, so only the first marker is still at a line start.
        #expect(OutputCleanup([.stripListBullets, .collapseWhitespace]).apply(lines) == "Pack Swim")
        #expect(OutputCleanup.collapseWhitespace.then(.stripListBullets).apply(lines) == "Pack 2. Swim")
        let array: GeneratedContent = ["1. Swim", "2. swim"]
        #expect(OutputCleanup([.dropDuplicateItems, .stripListBullets]).apply(array) == ["Swim", "swim"])
        #expect(OutputCleanup([.stripListBullets, .dropDuplicateItems]).apply(array) == ["Swim"])
    }

    @Test func allCleansEverythingInAWorkingOrder() throws {
        let value = try output(#"{"steps":["1.  Pack the\ngoggles ", "2. pack the goggles", " - Swim a lap"]}"#)
        #expect(OutputCleanup.all().apply(value) == (try output(#"{"steps":["Pack the goggles", "Swim a lap"]}"#)))
    }

    @Test func noneAndPropertyNamesAreLeftAlone() throws {
        let value = try output(#"{" 1. a ":" 1. b "}"#)
        #expect(OutputCleanup.none.apply(value) == value)
        #expect(OutputCleanup.all().apply(value).properties?.first?.name == " 1. a ")
    }
}
