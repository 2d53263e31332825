import Guided
import SenbaFlows

// librarian ARCHIVE.json [--today YYYY-MM-DD] [--about TEXT] [--record] [--config FILE] [--json]
//   picks an old entry to resurface (plain code) and has the model write the notification
//   around it (the filled template when the rewrite fails a check); --record writes the
//   surfacing into the archive so its cooldowns start.
// librarian ARCHIVE.json --complete STEP --goal ID [--today YYYY-MM-DD] [--json]
//   a completed step becomes a new entry of the goal's thread (written into the archive).
await FlowIO.main { () async throws(FlowError) in
    let arguments = try FlowCommandLine(
        Array(CommandLine.arguments.dropFirst()),
        usage: "usage: librarian ARCHIVE.json|- [--today DATE] [--about TEXT] [--record] [--config FILE] [--json]\n"
            + "       librarian ARCHIVE.json --complete STEP --goal ID [--today DATE] [--json]",
        values: ["--today", "--about", "--complete", "--goal"], flags: ["--record"])
    guard arguments.positional.count == 1 else { throw FlowError(arguments.usage) }
    let path = arguments.positional[0]
    // --complete and --record write the archive back where it came from: standard input has no
    // file to write (the archive went to a file named "-").
    if path == "-",
        let writing = arguments.value("--complete").map({ _ in "--complete" })
            ?? (arguments.flag("--record") ? "--record" : nil)
    {
        throw FlowError(
            "error: \(writing) writes the archive back to its file, and standard input (-) has none"
                + " — give the archive's path instead of -")
    }
    var archive = try Librarian.load(path)
    let given = arguments.value("--today")
    guard let text = given ?? archive.today else {
        throw FlowError("error: give --today YYYY-MM-DD (or \"today\" in the archive)")
    }
    guard let today = CalendarDate(text) else {
        let problem = CalendarDate.problem(with: text) ?? "is not a date"
        throw FlowError("error: \(given == nil ? "the archive's \"today\"" : "--today") \"\(text)\" \(problem)")
    }
    if let step = arguments.value("--complete") {
        guard let goal = arguments.value("--goal") else { throw FlowError("error: --complete needs --goal ID") }
        let entry = try Librarian.complete(step: step, goal: goal, on: today, in: &archive)
        try Librarian.save(archive, to: path)
        var report = FlowReport(flow: "librarian", nothing: "recorded a completed step")
        report.notes = ["added \(entry.id) (\(entry.date), thread \(entry.thread), goal \(entry.goal)): \(entry.text)"]
        report.extra = [("added", entry.generatedContent)]
        return (report, arguments.json, Librarian.render)
    }
    let librarian = try Librarian(configuration: try arguments.configuration())
    let (report, picked) = try await librarian.resurface(archive, today: today, about: arguments.value("--about"))
    if arguments.flag("--record"), let picked {
        Librarian.recordSurfacing(of: picked, on: today, in: &archive)
        try Librarian.save(archive, to: path)
    }
    return (report, arguments.json, Librarian.render)
}
