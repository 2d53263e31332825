import Foundation
import Testing

/// The backend contract (`GuidedBackends`) stays lean: a backend of your own that depends on it
/// links neither libcurl nor json-c. Read from the manifest and the sources as they are; the
/// `CustomBackendExample` target, which depends on the contract alone, is the build check.
@Suite struct ContractDependencyTests {
    static let repository = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/")

    /// Each target's dependencies, as `Package.swift` declares them by name.
    static func manifestDependencies() throws -> [String: [String]] {
        let manifest = try String(contentsOfFile: repository + "/Package.swift", encoding: .utf8)
        let target =
            #/\.(?:target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"\s*,\s*dependencies:\s*\[([^\]]*)\]/#
        var dependencies: [String: [String]] = [:]
        for match in manifest.matches(of: target) {
            dependencies[String(match.1)] = match.2.matches(of: #/"([^"]+)"/#).map { String($0.1) }
        }
        return dependencies
    }

    /// `name` and everything it depends on, directly or not.
    static func closure(of name: String, in dependencies: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return seen
    }

    @Test func theContractDependsOnTheSchemaTargetOnly() throws {
        let dependencies = try Self.manifestDependencies()
        #expect(dependencies["GuidedBackends"] == ["GuidedSchema"])
        #expect(dependencies["GuidedSchema"] == ["GuidedPatterns"], "the schema target has its pattern engine only")
        #expect(dependencies["GuidedPatterns"] == nil, "the pattern engine has no dependencies")
        let linked = Self.closure(of: "GuidedBackends", in: dependencies)
        #expect(linked.isDisjoint(with: ["GuidedHTTP", "GuidedJSON", "GuidedGrammar", "CCurl", "CJSONC"]), "\(linked)")
    }

    @Test func theExampleBackendAndTheSessionsBuildOnTheContractWithoutHTTP() throws {
        let dependencies = try Self.manifestDependencies()
        #expect(dependencies["CustomBackendExample"] == ["GuidedBackends", "GuidedSchema"])
        for target in ["CustomBackendExample", "GuidedSession"] {
            let linked = Self.closure(of: target, in: dependencies)
            #expect(linked.isDisjoint(with: ["GuidedHTTP", "GuidedJSON", "CCurl", "CJSONC"]), "\(target): \(linked)")
        }
    }

    @Test func theContractSourcesImportOnlyTheSchemaAndTheStandardLibrary() throws {
        let folder = Self.repository + "/Sources/GuidedBackends"
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10, "the contract's sources are where this test looks: \(folder)")
        let importLine =
            #/^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)/#
        var imports: [String: Set<String>] = [:]
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                if let match = line.prefixMatch(of: importLine) { imports[String(match.1), default: []].insert(file) }
            }
        }
        #expect(Set(imports.keys).isSubset(of: ["GuidedSchema", "Synchronization"]), "\(imports)")
        #expect(imports["GuidedSchema"] != nil)
    }
}
