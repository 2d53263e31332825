import GuidedPatterns
import GuidedSchema
import Testing

private func parse(_ source: String) throws -> RegexNode {
    try RegexPattern(source).root
}

private func set(_ ranges: ClosedRange<UInt32>...) -> RegexScalarSet {
    RegexScalarSet(ranges)
}

private func cls(_ ranges: ClosedRange<UInt32>..., negated: Bool = false) -> RegexNode {
    .characterClass(RegexCharacterClass(members: RegexScalarSet(ranges), isNegated: negated))
}

@Suite struct RegexParserTests {
    @Test func literalsAndSequence() throws {
        #expect(try parse("a") == .literal("a"))
        #expect(try parse("ab") == .sequence([.literal("a"), .literal("b")]))
        #expect(try parse("") == .empty)
        #expect(try parse("é😀") == .sequence([.literal("é"), .literal("😀")]))
    }

    @Test(
        arguments: [
            (#"\\"#, 0x5C), (#"\."#, 0x2E), (#"\/"#, 0x2F), (#"\-"#, 0x2D), (#"\n"#, 0x0A), (#"\r"#, 0x0D),
            (#"\t"#, 0x09), (#"\f"#, 0x0C), (#"\v"#, 0x0B), (#"\0"#, 0x00), (#"\x41"#, 0x41), (#"\u00e9"#, 0xE9),
            (#"\u{1F600}"#, 0x1F600), (#"\uD83D\uDE00"#, 0x1F600), (#"\cJ"#, 0x0A), (#"\^"#, 0x5E), (#"\$"#, 0x24),
            (#"\*"#, 0x2A), (#"\+"#, 0x2B), (#"\?"#, 0x3F), (#"\("#, 0x28), (#"\)"#, 0x29), (#"\["#, 0x5B),
            (#"\]"#, 0x5D), (#"\{"#, 0x7B), (#"\}"#, 0x7D), (#"\|"#, 0x7C),
        ] as [(String, UInt32)])
    func escapes(_ source: String, _ value: UInt32) throws {
        #expect(try parse(source) == .literal(Unicode.Scalar(value)!))
    }

    @Test func shorthands() throws {
        #expect(try parse(#"\d"#) == cls(0x30...0x39))
        #expect(
            try parse(#"\D"#)
                == .characterClass(RegexCharacterClass(members: set(0x30...0x39).inverted, isNegated: false)))
        #expect(try parse(#"\w"#) == cls(0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A))
        let space = try RegexPattern(#"\s"#)
        for scalar: UInt32 in [
            0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
            0xFEFF,
        ] {
            #expect(space.matches(String(Unicode.Scalar(scalar)!)), "\\s should match U+\(String(scalar, radix: 16))")
        }
        #expect(!space.matches("\u{85}"))
        #expect(!space.matches("\u{200B}"))
    }

    @Test func classes() throws {
        #expect(try parse("[a-z_]") == cls(0x5F...0x5F, 0x61...0x7A))
        #expect(try parse("[^a]") == cls(0x61...0x61, negated: true))
        #expect(try parse("[-a]") == cls(0x2D...0x2D, 0x61...0x61))
        #expect(try parse("[a-]") == cls(0x2D...0x2D, 0x61...0x61))
        #expect(try parse(#"[\d\-x]"#) == cls(0x2D...0x2D, 0x30...0x39, 0x78...0x78))
        #expect(try parse(#"[\b]"#) == cls(0x08...0x08))
        #expect(try parse("[]") == cls())
        #expect(try parse("[^]") == cls(negated: true))
        #expect(try parse(#"[\]]"#) == cls(0x5D...0x5D))
        #expect(try parse("[.]") == cls(0x2E...0x2E))
    }

    @Test func dotGroupsAlternation() throws {
        #expect(try parse(".") == .anyCharacter)
        #expect(try parse("(a)") == .group(.literal("a"), capturing: true))
        #expect(try parse("(?:a)") == .group(.literal("a"), capturing: false))
        #expect(try parse("(?<year>a)") == .group(.literal("a"), capturing: true))
        #expect(try parse("a|b|") == .alternation([.literal("a"), .literal("b"), .empty]))
        #expect(try parse("()") == .group(.empty, capturing: true))
    }

    @Test func quantifiers() throws {
        #expect(try parse("a*") == .repetition(.literal("a"), min: 0, max: nil))
        #expect(try parse("a+") == .repetition(.literal("a"), min: 1, max: nil))
        #expect(try parse("a?") == .repetition(.literal("a"), min: 0, max: 1))
        #expect(try parse("a{3}") == .repetition(.literal("a"), min: 3, max: 3))
        #expect(try parse("a{3,}") == .repetition(.literal("a"), min: 3, max: nil))
        #expect(try parse("a{2,5}") == .repetition(.literal("a"), min: 2, max: 5))
        #expect(try parse("a*?") == .repetition(.literal("a"), min: 0, max: nil))
        #expect(try parse("a{2,5}?") == .repetition(.literal("a"), min: 2, max: 5))
        #expect(
            try parse("(ab)+")
                == .repetition(.group(.sequence([.literal("a"), .literal("b")]), capturing: true), min: 1, max: nil))
    }

    @Test func anchors() throws {
        #expect(try parse("^a$") == .sequence([.startAnchor, .literal("a"), .endAnchor]))
        #expect(
            try parse("^A|B$")
                == .alternation([.sequence([.startAnchor, .literal("A")]), .sequence([.literal("B"), .endAnchor])]))
    }
}
