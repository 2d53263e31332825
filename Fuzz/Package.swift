// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// libFuzzer targets for Guided's parsers, in their own package so a plain `swift build` of the
/// root package never sees them. Build and run them with `scripts/fuzz` (it passes
/// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing`). The
/// parsers are `package` declarations, out of another package's reach, so the targets (Guided's
/// own test code) import its modules `@testable`. The targets that fuzz HTTP internals depend on
/// the `Guided` product and import its `GuidedHTTP` and `GuidedServerBackends` modules, which are
/// no products.
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
        fuzzTarget("fuzz-stream-lines", ["Guided"]),
        fuzzTarget("fuzz-redaction", ["Guided"]),
    ],
    swiftLanguageModes: [.v6]
)
