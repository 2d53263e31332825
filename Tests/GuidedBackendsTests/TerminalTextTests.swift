import Guided
import Testing

/// ``TerminalText``, the one function every printed line goes through.
@Suite struct TerminalTextTests {
    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect(
            TerminalText.escaped("a\u{1B}[2J\r\u{0}\n\t\u{7F}\u{85}\u{9B}é✓")
                == #"a\e[2J\r\x00\n\t\x7F\u{85}\u{9B}é✓"#)
    }

    @Test func keepingLineBreaksKeepsLineFeedsAndTabsOnly() {
        #expect(TerminalText.escaped("a\nb\tc\rd\u{1B}e", keepingLineBreaks: true) == "a\nb\tc\\rd\\ee")
    }

    /// The third probe: an `apiKeyEnv` or model name with U+202E printed raw in `backends`.
    @Test func aDiagnosticLineEscapesBidirectionalOverridesAndIsolates() {
        #expect(
            TerminalText.escaped("KEY\u{202E}YEK \u{202A}\u{2066}\u{2069} \u{200F}שלום")
                == #"KEY\u{202E}YEK \u{202A}\u{2066}\u{2069} "# + "\u{200F}שלום")
        // A model's right-to-left answer printed as the result keeps them.
        #expect(TerminalText.escaped("\u{202B}שלום\u{202C}", keepingLineBreaks: true) == "\u{202B}שלום\u{202C}")
    }

    @Test func plainTextIsUnchanged() {
        #expect(TerminalText.escaped("trace: b: ok, 12 tokens — fine") == "trace: b: ok, 12 tokens — fine")
    }
}
