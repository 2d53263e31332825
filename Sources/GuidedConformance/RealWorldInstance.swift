import GuidedJSON
import GuidedSchema

/// One record of `Benchmarks/Fixtures/realworld/instances.jsonl` (made by
/// `scripts/realworld-instances`): a valid or invalid instance of a JSONSchemaBench schema, with
/// python-jsonschema's verdict. Read by `guided-bench realworld` and `RealWorldInstanceTests`.
public struct RealWorldInstance: Sendable {
    /// `Github_easy/o9780#valid`.
    public let id: String
    /// The schema, relative to `Benchmarks/Fixtures/jsonschemabench/`.
    public let file: String
    /// `dev` or `test`.
    public let split: String
    /// The instance's compact JSON text.
    public let text: String
    /// The oracle's verdict.
    public let valid: Bool

    /// A line that is not such a record.
    public struct Malformed: Error, CustomStringConvertible {
        /// Which line (1-based) of which file.
        public let description: String
    }

    /// Every record of the file at `path`.
    /// - Throws: ``Malformed`` naming the first line that is not a record (or a missing file).
    public static func load(_ path: String) throws(Malformed) -> [RealWorldInstance] {
        guard let bytes = FileBytes.read(path) else { throw Malformed(description: "\(path): cannot be read") }
        var instances: [RealWorldInstance] = []
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let record = try? JSONReader.parse(bytes: Array(line)), let id = record["id"]?.stringValue,
                let file = record["file"]?.stringValue, let split = record["split"]?.stringValue,
                let text = record["instance_text"]?.stringValue, let valid = record["valid"]?.boolValue
            else { throw Malformed(description: "\(path):\(index + 1): not an instance record") }
            instances.append(RealWorldInstance(id: id, file: file, split: split, text: text, valid: valid))
        }
        return instances
    }
}
