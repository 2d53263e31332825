import GuidedBackends

extension CandidatePolicy {
    /// `candidates` of an output type in the configuration, the partial form of a
    /// ``CandidatePolicy``: how many generations per backend attempt, how many at once, and
    /// whether the step-sense check judges them; each key given replaces the policy's.
    ///
    /// ```json
    /// "candidates": {"count": 6, "batchSize": 2, "stepSense": true}
    /// ```
    package struct Overrides: Sendable, Hashable {
        /// The most candidates per attempt (`count`, 1 to 16); nil keeps the policy's.
        public var count: Int?
        /// Candidates generated together (`batchSize`, 1 to `count`); nil for all at once.
        public var batchSize: Int?
        /// `stepSense`: whether a step its adapter found unlikely rejects a candidate; nil keeps the
        /// policy's (off unless the code turned it on).
        public var stepSense: Bool?

        /// Up to `count` candidates, `batchSize` at a time (nil: all at once). Values are taken as
        /// given; ``read(_:)`` is what checks a file's `count` (1 to 16) and `batchSize`.
        public init(count: Int?, batchSize: Int? = nil, stepSense: Bool? = nil) {
            self.count = count
            self.batchSize = batchSize
            self.stepSense = stepSense
        }

        /// The most candidates a configuration may ask for per attempt.
        package static let largestCount = 16

        /// Reads a `candidates` object: `count` (1 to 16), `batchSize` (1 to `count`) and
        /// `stepSense` (a boolean); `count` may be left out only beside `stepSense` alone.
        public static func read(_ node: ConfigurationNode) throws(ConfigurationError) -> Overrides {
            try node.object(
                allowing: ["count", "batchSize", "stepSense"], example: "{\"count\": 6, \"batchSize\": 2}")
            let stepSense = try node["stepSense"]?.bool()
            guard let count = node["count"] else {
                guard stepSense != nil, node["batchSize"] == nil else {
                    throw node.error("candidates needs \"count\"", remedy: "add \"count\": 6")
                }
                return Overrides(count: nil, stepSense: stepSense)
            }
            let largest = try count.wholeNumber(in: 1...largestCount)
            return Overrides(
                count: largest, batchSize: try node["batchSize"]?.wholeNumber(in: 1...largest), stepSense: stepSense)
        }
    }

    /// This policy with the keys `overrides` gives in place of its own: a new `count` (and its
    /// `batchSize`) keeps this policy's token floor, early stopping and judge.
    package func applying(_ overrides: Overrides) -> CandidatePolicy {
        var policy =
            overrides.count.map {
                CandidatePolicy(
                    count: $0, batchSize: overrides.batchSize, minimumTokenLogProbability: minimumTokenLogProbability)
            } ?? self
        policy.stopsEarly = stopsEarly
        policy.checksStepSense = overrides.stepSense ?? checksStepSense
        policy.judge = judge
        return policy
    }
}
