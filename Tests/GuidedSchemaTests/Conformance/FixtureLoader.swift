import GuidedJSON
import GuidedSchema

/// Reads JSON Lines fixtures that live next to the tests, so they run on any clone.
enum FixtureLoader {
    static func records(_ name: String, file: String = #filePath) throws -> [GeneratedContent] {
        let directory = file.split(separator: "/").dropLast(2).joined(separator: "/")
        let path = "/" + directory + "/Fixtures/" + name
        guard let bytes = FileBytes.read(path) else { throw FixtureMissing(path: path) }
        return try bytes.split(separator: UInt8(ascii: "\n")).map { try JSONReader.parse(bytes: Array($0), file: path) }
    }

    struct FixtureMissing: Error { let path: String }
}
