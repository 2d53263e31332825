import Foundation
import GuidedJSON
import GuidedSchema

/// Fixture files next to the tests, so they run on any clone.
enum Fixtures {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Fixtures").path
    }()

    static func records(_ name: String) throws -> [GeneratedContent] {
        guard let bytes = FileBytes.read(directory + "/" + name) else { throw CocoaError(.fileNoSuchFile) }
        return try bytes.split(separator: UInt8(ascii: "\n")).map { try JSONReader.parse(bytes: Array($0)) }
    }
}
