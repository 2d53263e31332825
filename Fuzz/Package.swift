// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// libFuzzer targets for Guided's parsers, in their own package so a plain `swift build` of the
/// root package never sees them. Build and run them with `scripts/fuzz` (it passes
/// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library`).
///
/// The root package is a path dependency; its identity is its folder's name, whatever the
/// checkout is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent
    .lowercased()

func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name, dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: root) },
        path: "Sources/\(name)")
}

let package = Package(
    name: "GuidedFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
        fuzzTarget("fuzz-json-reader", ["GuidedJSON"]),
        fuzzTarget("fuzz-partial-json", ["GuidedSchema"]),
        fuzzTarget("fuzz-gbnf", ["GuidedGrammar"]),
        fuzzTarget("fuzz-regex", ["GuidedSchema"]),
        fuzzTarget("fuzz-schema-import", ["GuidedJSON", "GuidedSchema", "GuidedGrammar"]),
        fuzzTarget("fuzz-configuration", ["Guided", "GuidedJSON"]),
        fuzzTarget("fuzz-stream-lines", ["GuidedHTTP", "GuidedServerBackends"]),
        fuzzTarget("fuzz-redaction", ["Guided", "GuidedServerBackends"]),
    ],
    swiftLanguageModes: [.v6]
)
