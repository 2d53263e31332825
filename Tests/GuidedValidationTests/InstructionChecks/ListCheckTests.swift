import GuidedTestSupport
import Testing

/// `numberedList`, `bulletList`, `commaList` and `lines`: the shapes of a list answer.
@Suite struct ListCheckTests {
    @Test func numberedListWithOrWithoutTextAround() {
        #expect(passes(.numberedList(3), "1. Boil water.\n2. Add the tea.\n3. Wait three minutes."))
        #expect(passes(.numberedList(3), "Here's how:\n\n1. Boil water.\n2. Add the tea.\n3. Wait.\n\nEnjoy!"))
        #expect(passes(.numberedList(3), "1) Boil water\n2) Add the tea\n3) Wait"))
        #expect(passes(.numberedList(3), "**1.** Boil water\n**2.** Add the tea\n**3.** Wait"))
        #expect(passes(.numberedList(2), "1. Boil water.\n   Use fresh water.\n2. Add the tea."))
        #expect(passes(.numberedList(2), "  1. Boil water\n  2. Add the tea"))
    }

    @Test func numberedListOfTheWrongShapeFails() {
        #expect(reason(.numberedList(3), "Boil water, add the tea, wait.") == "no numbered list of 3")
        #expect(reason(.numberedList(3), "1. Boil\n2. Add\n3. Wait\n4. Drink") == "numbered 1, 2, 3, 4, not 1 to 3")
        #expect(reason(.numberedList(3), "1. Boil\n3. Add\n2. Wait") == "numbered 1, 3, 2, not 1 to 3")
        #expect(reason(.numberedList(3), "1. Boil 2. Add 3. Wait") == "numbered 1, not 1 to 3")
        #expect(reason(.numberedList(2), "1.5 cups of flour\n2.5 cups of milk") == "no numbered list of 2")
    }

    @Test func bulletList() {
        #expect(passes(.bulletList(3), "- Sunscreen\n- A towel\n- Water"))
        #expect(passes(.bulletList(3), "* Sunscreen\n* A towel\n* Water\n"))
        #expect(passes(.bulletList(3), "You'll want:\n• Sunscreen\n• A towel\n  - Water"))
        #expect(reason(.bulletList(3), "- Sunscreen\n- A towel") == "2 bullet points, not 3")
        #expect(reason(.bulletList(3), "1. Sunscreen\n2. A towel\n3. Water") == "no bullet list of 3")
        #expect(reason(.bulletList(2), "**Sunscreen**\n**Towel**") == "no bullet list of 2")
        #expect(reason(.bulletList(2), "-Sunscreen\n-Towel") == "no bullet list of 2")
    }

    @Test func commaList() {
        #expect(passes(.commaList(5), "Banana, mango, kiwi, apple, pear"))
        #expect(passes(.commaList(5), "  banana, mango, kiwi, apple, pear.\n"))
        #expect(passes(.commaList(5), "Banana, mango, kiwi, apple, and pear."))
        #expect(passes(.commaList(5), "Banana, mango, kiwi, apple and pear"))
        #expect(passes(.commaList(4), "Bubbles, Goldie, Finn or Sunny"))
    }

    @Test func commaListOfTheWrongShapeFails() {
        #expect(reason(.commaList(5), "Banana, mango, kiwi, apple") == "4 comma-separated items, not 5")
        #expect(reason(.commaList(5), "Banana, mango, kiwi, apple, pear, plum") == "6 comma-separated items, not 5")
        #expect(reason(.commaList(3), "Banana,, kiwi") == "an empty item in the comma list")
        #expect(reason(.commaList(3), "Banana, kiwi,") == "an empty item in the comma list")
        #expect(reason(.commaList(3), "Here you go:\nbanana, mango, kiwi") == "2 lines, not one line of 3 items")
        #expect(reason(.commaList(3), "- banana\n- mango\n- kiwi") == "3 lines, not one line of 3 items")
        #expect(reason(.commaList(3), "Banana") == "no comma list of 3")
    }

    @Test func lines() {
        let haiku = "Soft rain on red leaves\nthe quiet street smells of earth\numbrellas bloom slow"
        #expect(passes(.lines(3), haiku))
        #expect(passes(.lines(3), haiku + "\n\n"))
        #expect(passes(.lines(3), "\n" + haiku.split(separator: "\n").joined(separator: "\n   \n")))
        #expect(reason(.lines(3), "Autumn Rain\n" + haiku) == "4 lines, not 3")
        #expect(reason(.lines(3), "Soft rain on red leaves, the quiet street.") == "1 line, not 3")
        #expect(passes(.lines(1), "Teaching My Old Dog to Fetch"))
    }
}
