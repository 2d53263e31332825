import Foundation
import GuidedTestSupport
import GuidedTestTraits
import SenbaFlows
import Testing

/// Issue 23's bad input to the four example tools, each reproduced: standard input read without
/// a limit, `--help` answered as an unknown option, impossible `--today` dates, and an archive
/// read from standard input saved to a file named `-`.
@Suite(.ownThreads) struct ExamplesHostileInputTests {
    static let tools = ["copywriter", "step-suggester", "librarian", "config-swap", "senba-demo"]
    static let notADate = "is not YYYY-MM-DD (a four-digit year, a two-digit month and day)"

    @Test(arguments: ["copywriter", "step-suggester", "librarian"])
    func aDeviceOnStandardInputIsRefusedAtTheReadLimit(tool: String) throws {
        let result = try ExampleProcess.run(
            tool, ["-", "--config", try ExampleProcess.deadConfiguration()], stdinPath: "/dev/zero")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("<stdin>: error: standard input holds more than 64 MiB"), "\(result.stderr)")
    }

    @Test func aRequestOverTheLimitOnStandardInputIsRefusedAtTheLimit() throws {
        // A sparse file of 64 MiB and one byte: costs no disk, and a reader without a limit
        // takes all of it and reports its NUL bytes instead.
        let path = try ExampleProcess.temporaryFile("huge.json", "")
        try #require(truncate(path, 64 * 1024 * 1024 + 1) == 0)
        let result = try ExampleProcess.run(
            "copywriter", ["-", "--config", try ExampleProcess.deadConfiguration()], stdinPath: path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("<stdin>: error: standard input holds more than 64 MiB"), "\(result.stderr)")
    }

    /// The second probe: a report that could not be written (`> /dev/full`, a closed stdout)
    /// exited 0. It is exit 4 now, saying why.
    @Test(arguments: ["> /dev/full", ">&-"])
    func aReportThatCannotBeWrittenIsExitFour(_ redirection: String) throws {
        let copywriter = ExampleProcess.repository + "/.build/debug/copywriter"
        let request = ExampleProcess.senba + "/requests/copy-sourdough.json"
        let run = try ExecutableRun.run(
            "/bin/sh",
            ["-c", "\(copywriter) \(request) --config \(try ExampleProcess.deadConfiguration()) \(redirection)"],
            directory: NSTemporaryDirectory())
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("error: the output could not be written: "), "\(run.stderr)")
        // The third probe: with stdout closed, the report went to the runtime's event descriptor,
        // which had taken number 1 before main ran ("Invalid argument"); it is refused as closed.
        if redirection == ">&-" { #expect(run.stderr.contains("Bad file descriptor"), "\(run.stderr)") }
    }

    /// A request read from a closed standard input is a clear error, not the runtime's descriptor.
    @Test func aClosedStandardInputIsNamed() throws {
        let copywriter = ExampleProcess.repository + "/.build/debug/copywriter"
        let run = try ExecutableRun.run(
            "/bin/sh", ["-c", "\(copywriter) - --config \(try ExampleProcess.deadConfiguration()) <&-"],
            directory: NSTemporaryDirectory())
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("<stdin>: error: standard input is closed"), "\(run.stderr)")
    }

    @Test(arguments: tools)
    func helpPrintsTheUsageAndExitsZero(tool: String) throws {
        for option in ["--help", "-h"] {
            let result = try ExampleProcess.run(tool, [option])
            #expect(result.status == 0, "\(tool) \(option): \(result.stderr)")
            #expect(result.stdout.hasPrefix("usage: \(tool) "), "\(tool) \(option): \(result.stdout)")
            #expect(result.stderr.isEmpty, "\(tool) \(option): \(result.stderr)")
        }
    }

    @Test(arguments: [
        ("2026-02-31", "is not a day: February 2026 has 28 days"),
        ("2023-02-29", "is not a day: February 2023 has 28 days"),
        ("2026-04-31", "is not a day: April 2026 has 30 days"), ("2026-13-01", "is not a day: there is no month 13"),
        ("+999-01-01", Self.notADate), ("2026-1-01", Self.notADate),
        ("2026-00-10", "is not a day: there is no month 0"),
        ("2026-03-00", "is not a day: there is no day 0"),
    ])
    func anImpossibleTodayIsRefusedAndSaysWhy(today: String, reason: String) throws {
        let archive = ExampleProcess.senba + "/archive.json"
        let result = try ExampleProcess.run(
            "librarian", [archive, "--today", today, "--config", try ExampleProcess.deadConfiguration()])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr == "error: --today \"\(today)\" \(reason)\n", "\(result.stderr)")
    }

    @Test func calendarDatesAreRealDaysOfFourDigitYears() {
        #expect(CalendarDate("2024-02-29")?.description == "2024-02-29")
        #expect(CalendarDate("2000-02-29") != nil && CalendarDate("1900-02-29") == nil)
        #expect(CalendarDate("2026-12-31") != nil && CalendarDate("2026-06-31") == nil)
        #expect(CalendarDate("+999-01-01") == nil && CalendarDate("-999-01-01") == nil)
        #expect(CalendarDate("2026-+1-01") == nil && CalendarDate("2026-01-+1") == nil)
    }

    @Test(arguments: [["--complete", "Buy a kitchen scale", "--goal", "sourdough"], ["--record"]])
    func anArchiveFromStandardInputIsNeverSavedToAFileNamedDash(options: [String]) throws {
        let directory = (try ExampleProcess.temporaryFile("placeholder", "") as NSString).deletingLastPathComponent
        let archive = try String(contentsOfFile: ExampleProcess.senba + "/archive.json", encoding: .utf8)
        let result = try ExampleProcess.run(
            "librarian", ["-"] + options + ["--config", try ExampleProcess.deadConfiguration()], stdin: archive,
            directory: directory)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix("error: \(options[0]) writes the archive back to its file"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/-"))
    }
}
