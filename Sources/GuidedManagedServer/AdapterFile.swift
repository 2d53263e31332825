import GuidedBackends
import GuidedServerBackends

/// An adapter the managed server loads: its name, its GGUF file and what the metadata beside the
/// file calibrates (``AdapterMetadata``).
package struct AdapterFile: Sendable, Hashable {
    /// The adapter's name (``ModelAdapter``).
    package var name: String
    /// Its GGUF file.
    package var file: String
    /// What readers measured about it, from its metadata; nil when it has none.
    package var calibration: AdapterCalibration?

    /// The adapter `name` in `file`, calibrated as `calibration`.
    package init(name: String, file: String, calibration: AdapterCalibration? = nil) {
        self.name = name
        self.file = file
        self.calibration = calibration
    }
}

/// The adapters a managed server is to load, and those left out before it starts, each with why.
package struct AdapterSelection: Sendable, Hashable {
    /// The adapters to load, sorted by name (a server numbers them in that order).
    package var adapters: [AdapterFile]
    /// Adapters not loaded because their metadata is unusable or missing, by name, with why.
    package var leftOut: [String: String]

    /// The selection of `adapters`, with `leftOut` left out.
    package init(adapters: [AdapterFile], leftOut: [String: String]) {
        self.adapters = adapters
        self.leftOut = leftOut
    }
}
