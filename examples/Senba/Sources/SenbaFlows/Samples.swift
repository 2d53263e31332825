/// The sample requests (the same as `examples/Senba/requests/*.json`), for the demo.
public enum Samples {
    /// `requests/steps-sourdough.json`.
    public static let stepRequest = StepRequest(
        goal: "bake sourdough at home",
        entries: [DatedEntry(date: "2026-03-01", text: "Fed the starter twice.")],
        done: ["Buy a kitchen scale"])

    /// `requests/copy-sourdough.json`.
    public static let copyRequest = CopyRequest(
        kind: "callback", delivery: "push", goal: "bake sourdough at home",
        entries: [DatedEntry(date: "2026-03-01", text: "Fed the starter twice.")],
        template: "Back in {month} you wrote: \"{entry}\"")
}
