import GuidedJSON
import Testing

/// `runtime.env` as a shell's `.` reads it: every form a person writes by hand gives the same
/// values as the plain one, and a line of another shape is named with its place, not guessed at.
@Suite struct EnvironmentFileTests {
    @Test func everyFormAShellReadsTheSameWayGivesTheSameValue() {
        let file = EnvironmentFile(
            text: """
                # written by scripts/setup-model\r
                GUIDED_LLAMA_SERVER=/opt/llama/bin/llama-server\r
                export GUIDED_MODELS = "/home/ana/models dir"
                  GUIDED_ADAPTERS='/srv/adapters'

                QUOTED="a \\"b\\" c\\\\"
                EMPTY=
                """, path: "runtime.env")
        #expect(
            file.values == [
                "GUIDED_LLAMA_SERVER": "/opt/llama/bin/llama-server", "GUIDED_MODELS": "/home/ana/models dir",
                "GUIDED_ADAPTERS": "/srv/adapters", "QUOTED": #"a "b" c\"#, "EMPTY": "",
            ])
        #expect(file.problems.isEmpty)
    }

    @Test func aLaterLineForTheSameKeyWinsAsInAShell() {
        #expect(EnvironmentFile(text: "A=1\nA=2\n", path: "f").values == ["A": "2"])
    }

    @Test func linesOfAnotherShapeAreNamedWithTheirPlace() {
        let file = EnvironmentFile(
            text: "GOOD=1\njust words\nBROKEN=\"unclosed\n2BAD=x\nexport\n", path: "/cache/runtime.env")
        #expect(file.values == ["GOOD": "1"])
        #expect(
            file.problems == [
                "/cache/runtime.env:2: just words", "/cache/runtime.env:3: BROKEN=\"unclosed",
                "/cache/runtime.env:4: 2BAD=x", "/cache/runtime.env:5: export",
            ])
    }

    @Test func aFileThatCannotBeReadIsNil() {
        #expect(EnvironmentFile(path: "/nowhere/runtime.env") == nil)
    }
}
