package import GuidedSchema

/// A check a backend may run on a candidate's output while it is still being generated, so a
/// candidate that has already failed stops costing time: given the text so far, why it fails,
/// or nil while it may still pass. A backend that generates candidates side by side calls it when
/// new text may have finished a string (the text has a `"`), and ends the whole batch early once
/// every candidate has finished or failed; the failed ones come back as
/// ``BackendError/Code/rejectedEarly`` with their text so far in ``BackendError/partialOutput``.
package struct EarlyCheck: Sendable {
    /// What a candidate has written so far.
    package struct Progress: Sendable {
        /// The text so far.
        package var text: String
        /// Its tokens with their log-probabilities, where the backend reports them (else empty).
        package var tokens: [TokenLogProbability]
        /// The adapter the backend generates it with, if any.
        package var adapter: ModelAdapter?
        /// What readers measured about `adapter` (``BackendResponse/adapterCalibration``).
        package var calibration: AdapterCalibration?

        /// The text `text`, with `tokens` written with `adapter`, calibrated as `calibration`.
        package init(
            text: String, tokens: [TokenLogProbability] = [], adapter: ModelAdapter? = nil,
            calibration: AdapterCalibration? = nil
        ) {
            self.text = text
            self.tokens = tokens
            self.adapter = adapter
            self.calibration = calibration
        }
    }

    /// Why the candidate so far already fails, or nil.
    package let rejection: @Sendable (Progress) -> String?

    /// A check that reads the text alone.
    package init(_ rejection: @escaping @Sendable (String) -> String?) {
        self.rejection = { rejection($0.text) }
    }

    /// A check that reads the text, its tokens and the adapter that wrote them.
    package init(progress rejection: @escaping @Sendable (Progress) -> String?) {
        self.rejection = rejection
    }
}
