/// What readers measured about an adapter, for the checks that read the words it writes: the
/// adapter's metadata file says it (`AdapterMetadata`, beside its weights), and each response
/// the adapter generated carries it (``BackendResponse/adapterCalibration``).
///
/// The framework holds no calibration of its own: an adapter without one is applied, and the
/// checks calibrated per adapter leave its words alone.
package struct AdapterCalibration: Sendable, Hashable {
    /// The step-sense floor: a step whose tokens' mean log-probability under the adapter is below
    /// it is rejected (`stepSense/unlikelyStep`); nil when no floor was calibrated.
    package var stepSenseFloor: Double?

    /// A calibration with the step-sense floor `stepSenseFloor`.
    package init(stepSenseFloor: Double? = nil) {
        self.stepSenseFloor = stepSenseFloor
    }
}
