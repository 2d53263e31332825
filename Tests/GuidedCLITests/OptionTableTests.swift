import Foundation
import GuidedTestTraits
import Testing

/// The help and the parser agree, checked from outside as a user meets them: each command's
/// block of `guided --help` names options, and the options the command takes are the ones its
/// "does not take" error lists. Every option a block names is taken by its command, and every
/// option the command takes is named in its block or in the help's general `options:` section.
/// Both come from one table in the tool (`Option`); this test holds the help to it.
@Suite(.ownThreads) struct OptionTableTests {
    /// The help's command blocks: each command's name with every `--option` its lines name,
    /// and the general section's options.
    static func helpBlocks() throws -> (commands: [String: Set<String>], general: Set<String>) {
        let help = try GuidedCommandTests.guided("--help").stdout
        var commands: [String: Set<String>] = [:]
        var general: Set<String> = []
        var current: String?
        var inGeneral = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("options:") || line.hasPrefix("exit codes:") {
                inGeneral = line.hasPrefix("options:")
                current = nil
                continue
            }
            // A command's first line: two spaces, then its name (`  --version` is no command's).
            if line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first {
                current = word.first?.isLetter == true ? String(word) : nil
            }
            let options = Set(line.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
            if inGeneral {
                general.formUnion(options)
            } else if let current {
                commands[current, default: []].formUnion(options)
            }
        }
        return (commands, general)
    }

    /// The options `command` takes, as its "does not take" error lists them, provoked with
    /// `stray`, an option it does not take.
    static func taken(by command: String, stray: String) throws -> Set<String> {
        let result = try GuidedCommandTests.guided(command, stray, "1")
        let marker = "; its options: "
        guard result.stderr.contains("error: \(command) does not take \(stray)"),
            let range = result.stderr.range(of: marker)
        else { return ["(no option list in: \(result.stderr))"] }
        let list = result.stderr[range.upperBound...].prefix { $0 != "\n" }
        return Set(list.split(separator: " ").map(String.init))
    }

    @Test func everyCommandTakesTheOptionsItsHelpNamesAndNoOthers() throws {
        let (commands, general) = try Self.helpBlocks()
        let every = commands.values.reduce(general) { $0.union($1) }
        #expect(
            Set(commands.keys) == [
                "validate", "schema", "compile", "generate", "respond", "chat", "backends", "models",
            ])
        for (command, named) in commands {
            let stray = try #require(every.subtracting(named).subtracting(general).sorted().first)
            let taken = try Self.taken(by: command, stray: stray)
            #expect(
                named.subtracting(taken).isEmpty,
                "\(command)'s help names options it refuses: \(named.subtracting(taken))")
            #expect(
                taken.subtracting(named).subtracting(general).isEmpty,
                "\(command) takes options its help does not name: \(taken.subtracting(named).subtracting(general))")
        }
    }
}
