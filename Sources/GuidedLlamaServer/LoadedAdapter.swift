import GuidedBackends
import GuidedSchema

/// An adapter a llama-server has loaded: its id (its place among the server's `--lora` files)
/// and what its metadata calibrates (``AdapterCalibration``), nil when it has none.
package struct LoadedAdapter: Sendable, Hashable {
    /// The server's id for it.
    package var id: Int
    /// What readers measured about it, from the metadata beside its weights.
    package var calibration: AdapterCalibration?
    /// Why it is never applied (its metadata is unusable), or nil when it may be. Such an adapter
    /// is still listed at scale 0 in every request, so it stays off.
    package var unusable: String?

    /// The adapter with id `id`, calibrated as `calibration`; `unusable` says why it is never applied.
    package init(id: Int, calibration: AdapterCalibration? = nil, unusable: String? = nil) {
        self.id = id
        self.calibration = calibration
        self.unusable = unusable
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
