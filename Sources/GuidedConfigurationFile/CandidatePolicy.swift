/// How many generations an output asks for per backend attempt, and which one ships.
///
/// Candidates are generated in batches of ``batchSize`` (side by side where the backend has
/// slots, from one evaluation of the prompt). Each is cleaned and checked like any output. If a
/// batch has a candidate that passes every check, the best passing one ships and no more are
/// generated; otherwise the next batch is generated, up to ``count`` in all. So the common case
/// costs one batch, and a hard request gets more tries.
///
/// **Which one ships** (documented so an app can predict it):
/// 1. only candidates that pass the schema, every validator, and the decoding check below;
/// 2. among those, the highest mean log-probability of the tokens inside string values — the
///    model's own confidence in the words, unaffected by the JSON the grammar forces around
///    them (the first passing candidate when the backend reports no log-probabilities);
/// 3. ties go to the earlier candidate.
///
/// **Decoding check** (`decoding/forcedToken`): a candidate with a token inside a string value
/// (other than inside a fact the grammar restates word for word, `RestatedQuotations`) whose
/// log-probability is below `minimumTokenLogProbability` is rejected. Such a token is
/// one the grammar forced against the model's wishes — typically the tail of a word it was not
/// allowed to finish (`for ird time` after `third` was banned), measured at −13 to −19 while
/// ordinary words sit above −6.
///
/// **Judge** (``judge``): when set, the candidates that pass every check are scored by the judge,
/// and only one that reaches its threshold ships — the highest-scoring — instead of rule 2;
/// batches go on while none does.
///
/// **Step-sense check** (`stepSense/unlikelyStep`, ``checksStepSense``, opt-in): with an adapter
/// that has a calibrated floor (`StepSense`), a step of a list of prose strings whose words the
/// adapter gave a mean log-probability below that floor is rejected.
public struct CandidatePolicy: Sendable, Hashable {
    /// The most candidates per backend attempt.
    public var count: Int
    /// Candidates generated together; the next batch only when none of a batch passed.
    public var batchSize: Int
    /// The lowest log-probability a token inside a string value may have; nil turns the
    /// decoding check off.
    package var minimumTokenLogProbability: Double?
    /// Whether a backend that generates candidates side by side gives one up as soon as its
    /// finished strings fail a check (``EarlyRejection``); off, every candidate runs to its end.
    package var stopsEarly = true
    /// Whether a step the generating adapter found unlikely rejects the candidate
    /// (`StepSense`, `stepSense/unlikelyStep`), for text written with an adapter that has a
    /// calibrated floor, the only text it can judge. Off by default: measured, it lets through a
    /// slightly larger share of steps readers keep, but no more whole lists, at more candidates
    /// per request (`StepSense` has the numbers).
    public var checksStepSense = false
    /// The judge that decides which passing candidate ships, if any (``Judge``): the highest
    /// scoring one at or above its threshold; none passing it ends the attempt
    /// `rejected:judge/belowThreshold`. Nil: the best passing candidate by the rules above ships.
    public var judge: Judge?

    /// One generation per attempt: no candidates.
    public static let single = CandidatePolicy(count: 1)

    /// Up to `count` candidates, `batchSize` at a time.
    public init(count: Int, batchSize: Int? = nil, minimumTokenLogProbability: Double? = -11) {
        self.count = max(1, count)
        self.batchSize = max(1, min(batchSize ?? count, max(1, count)))
        self.minimumTokenLogProbability = minimumTokenLogProbability
    }
}
