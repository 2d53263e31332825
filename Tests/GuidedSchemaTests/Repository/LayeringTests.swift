import Foundation
import Testing

/// The layering `docs/layout.md` draws ("Layers"): each framework target imports only the modules
/// its row lists, and no framework target names an app's concept — an app's adapters, its
/// calibration and its flows are data, in `adapters/` and `examples/`.
@Suite struct LayeringTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The table under "## Layers" in docs/layout.md: each target with the modules it may import.
    static func layers() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: repository + "/docs/layout.md", encoding: .utf8)
        let section =
            text.components(separatedBy: "## Layers\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        var table: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2 else { continue }
            let names = { (cell: String) in
                Set(cell.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) })
                    .subtracting(["—"])
            }
            table[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = names(cells[1])
        }
        return table
    }

    /// Every Swift file under `Sources/target`, with its text.
    static func files(of target: String) -> [(path: String, text: String)] {
        let folder = repository + "/Sources/" + target
        let paths = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            (try? String(contentsOfFile: folder + "/" + path, encoding: .utf8)).map {
                ("Sources/\(target)/\(path)", $0)
            }
        }
    }

    /// The modules `text` imports (`import X`, `public import X`, `@_exported public import X`, …).
    static func imports(in text: String) -> Set<String> {
        var modules: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) })
            else { continue }
            // `import struct GuidedSchema.JSONPointer` imports from the module before the dot.
            let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let named =
                kinds.contains(words[index + 1]) && index + 2 < words.count ? words[index + 2] : words[index + 1]
            modules.insert(String(named.split(separator: ".").first ?? named))
        }
        return modules
    }

    /// The package's own modules: the folders under Sources, with C targets' names.
    static func ownModules() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: repository + "/Sources"))
    }

    @Test func everyTargetIsInTheTableAndImportsOnlyWhatItsRowAllows() throws {
        let layers = try Self.layers()
        let own = try Self.ownModules()
        #expect(layers.count >= 19, "docs/layout.md's Layers table: \(layers.keys.sorted())")
        var found: [String] = []
        for target in own.sorted() where !target.hasPrefix("C") {
            guard let allowed = layers[target] else {
                found.append("\(target) has no row in docs/layout.md's Layers table")
                continue
            }
            for file in Self.files(of: target) {
                let forbidden = Self.imports(in: file.text).intersection(own).subtracting(allowed).subtracting([target])
                found += forbidden.sorted().map { "\(file.path) imports \($0), which its row does not list" }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func theImportReaderFindsEveryFormAndNothingElse() {
        let text = """
            import GuidedSchema
            public import GuidedBackends
            @_exported public import GuidedSession
            package import GuidedJSON
            import struct GuidedGrammar.GBNFGrammar
            // import GuidedHTTP
            let note = "import GuidedGrammar"
            """
        #expect(
            Self.imports(in: text) == [
                "GuidedSchema", "GuidedBackends", "GuidedSession", "GuidedJSON", "GuidedGrammar",
            ])
    }

    @Test func theTableForbidsWhatTheLayeringForbids() throws {
        // What the table forbids: the contract importing HTTP, the session a backend kind.
        let layers = try Self.layers()
        #expect(layers["GuidedBackends"]?.contains("GuidedHTTP") == false)
        #expect(layers["GuidedSession"]?.contains("GuidedLlamaServer") == false)
        #expect(layers["GuidedSchema"] == ["GuidedPatterns"])
        #expect(layers["GuidedPatterns"] == [])
    }

    @Test func noFrameworkTargetNamesAnAppsConcept() throws {
        let framework = try Self.ownModules().filter { !$0.hasPrefix("C") }
        var found: [String] = []
        for target in framework.sorted() {
            for file in Self.files(of: target) {
                for word in ["next-steps", "nextSteps", "Senba", "senba"] where file.text.contains(word) {
                    found.append("\(file.path) mentions \(word)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
