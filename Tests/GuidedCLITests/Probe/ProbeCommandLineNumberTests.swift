import Foundation
import GuidedTestTraits
import Testing

/// The probe's numbers on the command line (`cases_numbers`, `cli_number_case`): a seed past 64
/// bits or below zero, a count in exponent form, a hex or full-width number, each a usage error
/// naming its option; and its `--examples` files (`cases_examples`): the wrong shape, a missing
/// or unknown key, a directory, 100,000 items. All run `generate` against a backend that refuses
/// connections. (`--candidates 0` and an output that breaks the schema are tested elsewhere.)
@Suite(.ownThreads) struct ProbeCommandLineNumberTests {
    /// The probe's option values.
    static let numberRows: [(option: String, value: String)] = [
        ("--seed", "1e30"), ("--seed", "-1"), ("--seed", "18446744073709551616"), ("--candidates", "1e9"),
        ("--temperature", "1e-400x"), ("--max-tokens", "0x10"), ("--top-k", "\u{FF14}\u{FF10}"),
    ]

    static let numbers: [ProbeCase] = numberRows.map { option, value in
        // The probe's name: the value with each character but a digit or a lower-case letter as `_`.
        let spelled = String(value.map { $0.isASCII && ($0.isNumber || $0.isLowercase) ? $0 : "_" })
        return ProbeCase(
            name: "cli-number\(option)-\(spelled)", arguments: ProbeCase.generate([option, value]), exits: [2],
            stderr: "error: \(option)", seconds: 30
        ).withDeadConfiguration
    }

    /// 100,000 valid examples.
    static let manyExamples =
        "["
        + (0..<100_000).map { #"{"input":"Note \#($0)","facts":["Fact \#($0)"],"output":{"text":"Text \#($0)"}}"# }
        .joined(separator: ",") + "]"

    /// The probe's `--examples` files that are refused naming the file.
    static let refusedRows: [(label: String, content: String)] = [
        ("not-an-array", #"{"input":"x","output":{"text":"y"}}"#),
        ("item-missing-output", #"[{"input":"x","facts":[]}]"#),
        ("facts-not-strings", #"[{"input":"x","facts":[1,2],"output":{"text":"y"}}]"#),
        ("unknown-key", #"[{"input":"x","output":{"text":"y"},"outptu":1}]"#),
    ]

    static let examples: [ProbeCase] =
        refusedRows.map { label, content in
            ProbeCase(
                name: "examples-\(label)", arguments: ProbeCase.generate(["--examples", "{dir}/examples.json"]),
                files: ["examples.json": .text(content)], exits: [2], stderr: #"examples\.json.*error"#, seconds: 30
            ).withDeadConfiguration
        } + [
            // An escaped NUL is valid JSON: refusing it and using it are both right.
            ProbeCase(
                name: "examples-nul-in-string",
                arguments: ProbeCase.generate(["--examples", "{dir}/examples.json"]),
                files: ["examples.json": .text(#"[{"input":"x\u0000y","output":{"text":"y"}}]"#)], exits: [2, 3],
                seconds: 30
            ).withDeadConfiguration,
            ProbeCase(
                name: "examples-directory", arguments: ProbeCase.generate(["--examples", "{dir}/examples"]),
                files: ["examples": .folder], exits: [2], stderr: "directory", seconds: 30
            ).withDeadConfiguration,
            ProbeCase(
                name: "examples-100k-items", arguments: ProbeCase.generate(["--examples", "{dir}/examples.json"]),
                files: ["examples.json": .text(manyExamples)], exits: [2, 3], seconds: 20
            ).withDeadConfiguration,
        ]

    @Test(arguments: numbers) func aNumberTheOptionCannotTakeIsAUsageErrorNamingIt(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }

    @Test(arguments: examples) func anExamplesFileIsRefusedNamingItOrUsed(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }
}
