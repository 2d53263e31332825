/// A tool's help, derived from its option table: each command's block (its synopsis, naming every
/// option it takes, then its summary) and each option's paragraph. Text is wrapped at ``width``;
/// descriptions start at column ``column``.
public enum HelpText<Option: CommandLineOption> {
    /// The widest line.
    public static var width: Int { 100 }
    /// The column descriptions start at.
    public static var column: Int { 32 }

    /// `command`'s block: `  generate --schema SCHEMA [--json] …` with every option it takes
    /// (first those it needs, without brackets), wrapped under its name, then its summary.
    public static func block(for command: Option.Command) -> String {
        let taken = Option.taken(by: command)
        let needed = taken.filter { $0.required.contains(command) }
        let words =
            (command.operands.isEmpty ? [] : [command.operands]) + needed.map(\.synopsis)
            + taken.filter { !$0.required.contains(command) }.map { "[\($0.synopsis)]" }
        let synopsis = wrap(words, first: "  \(command.rawValue)", indent: command.rawValue.count + 3)
        return described(synopsis, command.summary)
    }

    /// One paragraph per option `command` takes: `  --prompt TEXT` and what it does.
    public static func options(of command: Option.Command) -> String {
        Option.taken(by: command).map { described(["  " + $0.synopsis], $0.help) }.joined(separator: "\n")
    }

    /// `lines` with `description` wrapped beside them from ``column`` on: on the same line when
    /// there is one line and it ends before the column, else below.
    public static func described(_ lines: [String], _ description: String) -> String {
        let words = description.split(separator: " ").map(String.init)
        var lines = lines
        if lines.count == 1, let last = lines.last, last.count < column - 1 {
            lines.removeLast()
            lines += wrap(words, first: last + String(repeating: " ", count: column - last.count), indent: column)
        } else {
            lines += wrap(words, first: String(repeating: " ", count: column), indent: column)
        }
        return lines.joined(separator: "\n")
    }

    /// `words` after `first` (a space before the first word unless `first` ends with one), a
    /// space between each, a new line (indented `indent` spaces) before a word that would pass
    /// ``width``.
    static func wrap(_ words: [String], first: String, indent: Int) -> [String] {
        var lines = [first]
        var fresh = first.last == " "
        for word in words {
            if !fresh, lines[lines.count - 1].count + 1 + word.count > width {
                lines.append(String(repeating: " ", count: indent))
                fresh = true
            }
            lines[lines.count - 1] += (fresh ? "" : " ") + word
            fresh = false
        }
        return lines
    }
}
