import GuidedBackends
import GuidedJSON
import GuidedSchema

/// What an adapter's author says about it, in a JSON file beside its weights (`house-style.json`
/// beside `house-style.gguf`):
///
/// ```json
/// {"model": "gemma-3-270m", "stepSenseFloor": -2.0, "description": "…"}
/// ```
///
/// `model` names the catalogue model the adapter was trained on: the embedded server loads an
/// installed adapter for a catalogue model only when its metadata names that model.
/// `stepSenseFloor` is the floor readers' labels calibrated for the adapter's words
/// (``AdapterCalibration``). `description` is for people. All three may be left out; any other
/// key is an error, so a misspelt calibration is never silently ignored.
package struct AdapterMetadata: Sendable, Hashable {
    /// The catalogue model the adapter was trained on, if the file says.
    package var model: String?
    /// What readers measured about the adapter.
    package var calibration: AdapterCalibration

    /// Metadata naming `model`, with `calibration`.
    package init(model: String? = nil, calibration: AdapterCalibration = AdapterCalibration()) {
        self.model = model
        self.calibration = calibration
    }

    /// The metadata file of the adapter whose weights are at `weights`: the same path with `.json`
    /// in place of `.gguf`.
    package static func file(besideWeights weights: String) -> String {
        (weights.hasSuffix(".gguf") ? String(weights.dropLast(5)) : weights) + ".json"
    }

    /// The metadata beside `weights`, or nil when there is no metadata file; an error naming the
    /// file and the place when it is not a regular file, cannot be read or says something unusable.
    package static func read(besideWeights weights: String) throws(ConfigurationError) -> AdapterMetadata? {
        let path = file(besideWeights: weights)
        switch FileBytes.entryKind(path) {
        case nil: return nil
        case .file: break
        case .directory, .other:
            throw ConfigurationError(
                "an adapter's metadata must be a regular file", remedy: "replace it with a JSON file, or remove it",
                at: .root, file: path)
        }
        let document: GeneratedContent
        do {
            document = try JSONReader.read(file: path)
        } catch {
            throw ConfigurationError(reading: "the adapter's metadata", at: path, error)
        }
        return try parse(document, file: path)
    }

    /// The metadata `document` says, read from `file`.
    package static func parse(_ document: GeneratedContent, file: String) throws(ConfigurationError) -> AdapterMetadata
    {
        let example = #"{"model": "gemma-3-270m", "stepSenseFloor": -2.0}"#
        guard let members = document.properties else {
            throw ConfigurationError(
                "an adapter's metadata must be an object", remedy: "write \(example)", at: .root, file: file)
        }
        var metadata = AdapterMetadata()
        for member in members {
            let place = JSONPointer.root.appending(member.name)
            switch member.name {
            case "model":
                guard let model = member.value.stringValue, !model.isEmpty else {
                    throw ConfigurationError(
                        "model must name the catalogue model the adapter was trained on",
                        remedy: #"write "model": "gemma-3-270m""#, at: place, file: file)
                }
                metadata.model = model
            case "stepSenseFloor":
                guard let floor = member.value.doubleValue, floor.isFinite, floor <= 0 else {
                    throw ConfigurationError(
                        "stepSenseFloor must be a mean log-probability: a number at most 0",
                        remedy: #"write "stepSenseFloor": -2.0, or leave it out for no step-sense check"#, at: place,
                        file: file)
                }
                metadata.calibration.stepSenseFloor = floor
            case "description":
                guard member.value.stringValue != nil else {
                    throw ConfigurationError(
                        "description must be a string", remedy: #"write "description": "what it writes""#, at: place,
                        file: file)
                }
            default:
                throw ConfigurationError(
                    "unknown key \"\(member.name)\" in an adapter's metadata",
                    remedy: "use model, stepSenseFloor and description", at: place, file: file)
            }
        }
        return metadata
    }
}
