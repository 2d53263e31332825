import GuidedBackends
import GuidedSchema

/// An adapter a llama-server has loaded: its id (its place among the server's `--lora` files)
/// and what its metadata calibrates (``AdapterCalibration``), nil when it has none.
package struct LoadedAdapter: Sendable, Hashable {
    /// The server's id for it.
    package var id: Int
    /// What readers measured about it, from the metadata beside its weights.
    package var calibration: AdapterCalibration?

    /// The adapter with id `id`, calibrated as `calibration`.
    package init(id: Int, calibration: AdapterCalibration? = nil) {
        self.id = id
        self.calibration = calibration
    }
}

/// The adapter one request is generated with: what its responses, and its candidates stopped
/// early, say of it.
struct AppliedAdapter: Sendable {
    /// The adapter's name.
    var name: ModelAdapter
    /// Its calibration, if its metadata has one.
    var calibration: AdapterCalibration?
}

extension BackendResponse {
    /// This response, generated with `adapter` (nil: the base model alone).
    mutating func mark(generatedWith adapter: AppliedAdapter?) {
        self.adapter = adapter?.name
        self.adapterCalibration = adapter?.calibration
    }
}
