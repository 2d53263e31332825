import Foundation
import GuidedTestTraits
import Testing

/// The documentation articles' Swift code is compiled and run by the `*ArticleTests` suites. This
/// test keeps the articles and those suites the same: every `swift` block of every article in a
/// DocC catalog (`Sources/*/*.docc/*.md`) must appear, line for line (spacing aside), in a
/// Swift file under `Tests/`. An article edited without its test, or a test edited without its
/// article, fails here instead of showing code that no longer compiles.
@Suite(.ownThreads) struct ArticleCodeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each line with its runs of spaces made one and its ends trimmed, blank lines dropped: the
    /// formatter may indent and space a test's copy differently from the article's.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            .filter { !$0.isEmpty }
    }

    /// The `swift` code blocks of a Markdown text, in order.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static func files(under directory: URL, suffix: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.path.hasSuffix(suffix) }.sorted {
            $0.path < $1.path
        }
    }

    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    @Test func everyArticleSwiftBlockIsCompiledByATest() throws {
        let articles = Self.files(under: Self.repository.appendingPathComponent("Sources"), suffix: ".md")
            .filter { $0.path.contains(".docc/") }
        let tests = try Self.files(under: Self.repository.appendingPathComponent("Tests"), suffix: ".swift")
            .map { Self.normalized(try String(contentsOf: $0, encoding: .utf8)) }
        #expect(articles.count >= 13, "the DocC catalogs' articles were not found under Sources/")
        var checked = 0
        for article in articles {
            let blocks = Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8))
            for (index, block) in blocks.enumerated() {
                checked += 1
                let lines = Self.normalized(block)
                #expect(
                    tests.contains { Self.contains($0, lines) },
                    "\(article.lastPathComponent), swift block \(index + 1), is in no file under Tests/: \(lines.first ?? "")"
                )
            }
        }
        #expect(checked > 20)
    }

    @Test func blocksAreFoundLineByLine() {
        let markdown = "Text\n\n```swift\nlet a = 1\n\n    let b = 2\n```\n\n```json\n{}\n```\n"
        #expect(Self.swiftBlocks(in: markdown) == ["let a = 1\n\n    let b = 2"])
        #expect(Self.contains(["x", "let a = 1", "let b = 2", "y"], Self.normalized("let a = 1\n\n    let b = 2")))
        #expect(!Self.contains(["let a = 1", "x", "let b = 2"], Self.normalized("let a = 1\nlet b = 2")))
    }
}
