public import Guided
import GuidedJSON

/// Senba's librarian: plain code picks which old entry comes back (``Resurfacing``); the model
/// only writes the copy around it, through the ``Copywriter`` (the filled template ships when the
/// rewrite fails a check). A completed step becomes a new entry.
public struct Librarian: Sendable {
    /// The template every callback starts from.
    public static let template = "Back in {month} you wrote: \"{entry}\""
    /// Writes the copy.
    public let copywriter: Copywriter

    /// A librarian routing through `configuration`.
    public init(configuration: GuidedConfiguration, router: Router? = nil) throws(FlowError) {
        copywriter = try Copywriter(configuration: configuration, router: router)
    }

    /// Picks the entry to resurface on `today` (the context: `about`, else the newest entry's
    /// words) and writes its notification. Returns the report and the picked entry's id.
    public func resurface(
        _ archive: Archive, today: CalendarDate, about: String? = nil,
        options: GenerationOptions = FlowDefaults.notification
    ) async throws(FlowError) -> (report: FlowReport, picked: String?) {
        let context = about ?? archive.entries.max { ($0.date, $0.id) < ($1.date, $1.id) }?.text ?? ""
        let (ranked, excluded) = Resurfacing.rank(archive, today: today, context: context)
        let notes =
            ["context: \"\(context)\""] + excluded.map { "skipped \($0.entry): \($0.reason)" }
            + ranked.map {
                "candidate \($0.entry.id): score \(Self.rounded($0.score)) (similarity \(Self.rounded($0.similarity)), \($0.ageDays) days old\($0.neverSurfaced ? ", never surfaced" : ""))"
            }
        guard let pick = ranked.first else {
            var report = FlowReport(
                flow: "librarian", nothing: "nothing to resurface on \(today): every entry is excluded")
            report.notes = notes
            return (report, nil)
        }
        guard let goal = archive.goals.first(where: { $0.id == pick.entry.goal }) else {
            throw FlowError("entry \(pick.entry.id) names the unknown goal \"\(pick.entry.goal)\"")
        }
        let request = CopyRequest(
            goal: goal.text, entries: [DatedEntry(date: pick.entry.date, text: pick.entry.text)],
            template: Self.template)
        var report = try await copywriter.write(request, options: options)
        report.flow = "librarian"
        report.notes =
            notes + ["picked \(pick.entry.id) (\(pick.entry.date), thread \(pick.entry.thread), goal \(goal.id))"]
        report.extra.append(("picked", GeneratedContent(pick.entry.id)))
        return (report, pick.entry.id)
    }

    /// Records that `entry` came back on `today`, so its cooldowns start.
    public static func recordSurfacing(of entry: String, on today: CalendarDate, in archive: inout Archive) {
        guard let index = archive.entries.firstIndex(where: { $0.id == entry }) else { return }
        archive.entries[index].surfaced = (archive.entries[index].surfaced ?? []) + [today.description]
    }

    /// A completed step becomes a new entry of its goal's thread, dated `today`.
    public static func complete(step: String, goal id: String, on today: CalendarDate, in archive: inout Archive)
        throws(FlowError) -> Archive.Entry
    {
        guard let goal = archive.goals.first(where: { $0.id == id }) else {
            throw FlowError("no goal \"\(id)\"; the archive has: \(archive.goals.map(\.id).joined(separator: ", "))")
        }
        let trimmed = step.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !trimmed.isEmpty else { throw FlowError("the completed step is empty") }
        var number = archive.entries.count + 1
        while archive.entries.contains(where: { $0.id == "e\(number)" }) { number += 1 }
        let entry = Archive.Entry(
            id: "e\(number)", date: today.description, text: "Done: \(trimmed)", thread: goal.thread, goal: goal.id)
        archive.entries.append(entry)
        return entry
    }

    /// Reads an archive file, checked against the archive's schema.
    public static func load(_ path: String) throws(FlowError) -> Archive { try FlowIO.load(Archive.self, from: path) }

    /// Writes `archive` to `path` (pretty JSON).
    public static func save(_ archive: Archive, to path: String) throws(FlowError) {
        guard FileBytes.writeIfChanged(archive.generatedContent.jsonText(.pretty) + "\n", to: path) != nil else {
            throw FlowError("\(path): error: cannot write the archive")
        }
    }

    static func rounded(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// The notification's text.
    public static func render(_ value: GeneratedContent) -> String { Copywriter.render(value) }
}

extension FlowReport {
    /// A report with no value because the flow had nothing to do.
    public init(flow: String, nothing reason: String) {
        self.init(flow: flow, value: nil, source: .none, backend: nil, reason: reason, attempts: [])
    }
}
