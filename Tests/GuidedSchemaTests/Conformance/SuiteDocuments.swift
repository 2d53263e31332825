import Foundation
import GuidedJSON
import GuidedSchema

/// The documents the JSON-Schema-Test-Suite refers to by URI: its `remotes/` folder, served by
/// the suite at `http://localhost:1234/`, and the published meta-schemas.
enum SuiteDocuments {
    /// Every document by absolute URI without fragment.
    static let byURI: [String: GeneratedContent] = {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        var documents: [String: GeneratedContent] = [:]
        let remotes = fixtures.appendingPathComponent("jsts-remotes/remotes")
        for path in files(under: remotes) where path.hasSuffix(".json") {
            let relative = String(path.dropFirst(remotes.path.count + 1))
            if let document = try? JSONReader.read(file: path) {
                documents["http://localhost:1234/" + relative] = document
            }
        }
        for path in files(under: fixtures.appendingPathComponent("metaschemas")) where !path.hasSuffix("LICENSE") {
            guard let document = try? JSONReader.read(file: path),
                var id = document["$id"]?.stringValue ?? document["id"]?.stringValue
            else { continue }
            if id.hasSuffix("#") { id.removeLast() }
            documents[id] = document
        }
        return documents
    }()

    /// The import options' retrieval function over these documents.
    static let retrieve: @Sendable (String) -> GeneratedContent? = { uri in byURI[uri] }

    private static func files(under directory: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return enumerator.compactMap { ($0 as? String).map { directory.path + "/" + $0 } }.sorted()
    }
}
