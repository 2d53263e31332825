/// A judge threshold chosen on dev scores for a precision target, never on test: the lowest
/// score at which the share of kept texts among those scoring at least that much reaches the
/// target, with at least ``minimumAbove`` texts there (a threshold that lets two texts through
/// proves nothing). When no threshold reaches the target, ``precise`` is nil and ``best`` holds
/// the most precise threshold that still lets through at least a tenth of the texts.
struct JudgeThreshold {
    /// One candidate threshold: the precision and coverage it has on the scores it was read from.
    struct Point {
        var threshold: Double
        var precision: Double
        var coverage: Double
        var above: Int
    }

    /// The fewest texts at or above a threshold for its precision to count.
    static let minimumAbove = 5

    /// The lowest threshold reaching the target on dev, if any.
    let precise: Point?
    /// The most precise threshold covering at least 10% of dev, for when none reaches the target.
    let best: Point?

    /// Chooses on `dev` for `target` precision (0 to 1).
    init(dev: [JudgeScores.Entry], target: Double) {
        let points = Set(dev.map(\.score)).sorted().map { Self.point($0, on: dev) }
            .filter { $0.above >= Self.minimumAbove }
        precise = points.first { $0.precision >= target }
        best = points.filter { $0.coverage >= 0.1 }.max { $0.precision < $1.precision }
    }

    /// The precision and coverage of `threshold` on `entries`.
    static func point(_ threshold: Double, on entries: [JudgeScores.Entry]) -> Point {
        let above = entries.filter { $0.score >= threshold }
        return Point(
            threshold: threshold,
            precision: above.isEmpty ? 0 : Double(above.filter(\.keep).count) / Double(above.count),
            coverage: entries.isEmpty ? 0 : Double(above.count) / Double(entries.count), above: above.count)
    }
}
