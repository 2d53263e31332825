// swift-tools-version: 6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode (strict concurrency) plus the
/// upcoming features that keep existentials and imports explicit.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Guided",
    products: [
        .library(name: "GuidedSchema", targets: ["GuidedSchema"]),
        .library(name: "GuidedJSON", targets: ["GuidedJSON"]),
        .library(name: "GuidedGrammar", targets: ["GuidedGrammar"]),
        .executable(name: "guided", targets: ["guided"]),
    ],
    targets: [
        // C libraries, each behind a system-library target.
        .systemLibrary(
            name: "CJSONC",
            path: "Sources/CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),

        // The schema model, DSL, JSON Schema import/export, validation. No dependencies.
        .target(name: "GuidedSchema", swiftSettings: swiftSettings),

        // JSON text <-> GeneratedContent, parsed by json-c. No C pointer leaves this target.
        .target(name: "GuidedJSON", dependencies: ["CJSONC", "GuidedSchema"], swiftSettings: swiftSettings),

        // Schema -> GBNF grammar compiler, plus a GBNF parser/matcher of our own.
        .target(name: "GuidedGrammar", dependencies: ["GuidedSchema"], swiftSettings: swiftSettings),

        // The two canonical output types, as an app would declare them.
        .target(name: "CanonicalSchemas", dependencies: ["GuidedSchema"], path: "examples/CanonicalSchemas", swiftSettings: swiftSettings),

        // Test support shared by the tests and the benchmark: conformance scoring and llama.cpp's grammar checker.
        .target(name: "GuidedConformance", dependencies: ["GuidedGrammar", "GuidedJSON", "GuidedSchema"], swiftSettings: swiftSettings),

        // Benchmarks (not a product): `swift run -c release guided-bench`.
        .executableTarget(
            name: "guided-bench",
            dependencies: ["GuidedConformance", "GuidedGrammar", "GuidedJSON", "GuidedSchema"],
            path: "Benchmarks/GuidedBench",
            swiftSettings: swiftSettings
        ),

        // The command-line tool.
        .executableTarget(
            name: "guided",
            dependencies: ["GuidedSchema", "GuidedJSON", "GuidedGrammar", "CanonicalSchemas"],
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "GuidedSchemaTests",
            dependencies: ["GuidedSchema", "GuidedJSON", "CanonicalSchemas"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "GuidedJSONTests", dependencies: ["GuidedJSON"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GuidedGrammarTests",
            dependencies: ["GuidedGrammar", "GuidedJSON", "GuidedConformance"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GuidedCLITests",
            dependencies: ["guided"],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
