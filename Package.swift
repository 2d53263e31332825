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
        .library(name: "GuidedValidation", targets: ["GuidedValidation"]),
        .library(name: "Guided", targets: ["Guided"]),
        .plugin(name: "GuidedGrammarPlugin", targets: ["GuidedGrammarPlugin"]),
        .library(name: "GuidedBackends", targets: ["GuidedBackends"]),
        // The session, router and fallbacks with the backend contract only: no HTTP, no json-c.
        .library(name: "GuidedSession", targets: ["GuidedSession"]),
        // Each backend kind on its own, as swift-nio ships its adapters.
        .library(name: "GuidedLlamaServer", targets: ["GuidedLlamaServer"]),
        .library(name: "GuidedManagedServer", targets: ["GuidedManagedServer"]),
        .library(name: "GuidedOllama", targets: ["GuidedOllama"]),
        .library(name: "GuidedOpenAI", targets: ["GuidedOpenAI"]),
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

        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Non-variadic wrappers for curl_easy_setopt/getinfo, which Swift cannot call directly.
        .target(name: "CCurlShims", dependencies: ["CCurl"]),

        // The schema model, DSL, JSON Schema import/export, validation. On its pattern engine only.
        .target(name: "GuidedSchema", dependencies: ["GuidedPatterns"], swiftSettings: swiftSettings),

        // The ECMA-262 regex engine and subset parser, and the string formats' checks (dates, URIs,
        // IDNA host names): what a string must match, with no schema in sight. Internal: no product.
        .target(name: "GuidedPatterns", swiftSettings: swiftSettings),

        // JSON text <-> GeneratedContent, parsed by json-c. No C pointer leaves this target.
        .target(name: "GuidedJSON", dependencies: ["CJSONC", "GuidedSchema"], swiftSettings: swiftSettings),

        // Schema -> GBNF grammar compiler, plus a GBNF parser/matcher of our own.
        .target(name: "GuidedGrammar", dependencies: ["GuidedSchema", "GuidedPatterns"], swiftSettings: swiftSettings),

        // HTTP over libcurl behind one Swift type: async, streaming lines, timeouts, cancellation.
        .target(name: "GuidedHTTP", dependencies: ["CCurl", "CCurlShims"], swiftSettings: swiftSettings),

        // The backend contract: the protocol and its defaults, request and response, errors,
        // availability, a backend's configuration entry and the registry, output validation, and
        // the replica pool. It depends on the schema target only, so a backend of your own links
        // neither libcurl nor json-c unless it asks for them.
        .target(name: "GuidedBackends", dependencies: ["GuidedSchema"], swiftSettings: swiftSettings),
        // The configuration file's model: `GuidedConfiguration` (backends, route, routing) and each
        // output's settings, read from a parsed document with every error located. No json-c: the
        // umbrella parses the file and reads its templates.
        .target(
            name: "GuidedConfigurationFile", dependencies: ["GuidedBackends", "GuidedSchema"],
            swiftSettings: swiftSettings),
        // What backends that speak HTTP share: JSON over HTTP with redaction, streaming plumbing,
        // strict stream events, and the sampling fields of a request body.
        .target(
            name: "GuidedServerBackends", dependencies: ["GuidedBackends", "GuidedHTTP", "GuidedJSON", "GuidedSchema"],
            swiftSettings: swiftSettings),
        // One target per backend kind.
        .target(
            name: "GuidedLlamaServer",
            dependencies: [
                "GuidedBackends", "GuidedServerBackends", "GuidedGrammar", "GuidedHTTP", "GuidedJSON", "GuidedSchema",
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "GuidedManagedServer",
            dependencies: [
                "GuidedLlamaServer", "GuidedBackends", "GuidedServerBackends", "GuidedHTTP", "GuidedJSON",
                "GuidedSchema",
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "GuidedOllama",
            dependencies: [
                "GuidedBackends", "GuidedServerBackends", "GuidedGrammar", "GuidedHTTP", "GuidedJSON", "GuidedSchema",
            ],
            swiftSettings: swiftSettings),
        .target(
            name: "GuidedOpenAI",
            dependencies: [
                "GuidedBackends", "GuidedServerBackends", "GuidedGrammar", "GuidedHTTP", "GuidedJSON", "GuidedSchema",
            ],
            swiftSettings: swiftSettings),

        // Output validators: schema, caps, scaffolding echo, blocked phrases, grounding, minimum content,
        // and the person-level checks (repetition, cuts at a cap, fragments, prompt residue, steps, word salad, near-duplicates).
        .target(name: "GuidedValidation", dependencies: ["GuidedSchema"], swiftSettings: swiftSettings),
        // Sessions, the availability-gated router and authored fallbacks.
        .target(
            name: "GuidedSession",
            dependencies: ["GuidedBackends", "GuidedConfigurationFile", "GuidedSchema", "GuidedValidation"],
            swiftSettings: swiftSettings),

        // The umbrella: the standard backends and configuration loading; re-exports the contract,
        // the configuration file's model, the HTTP backends' shared parts, the schema, sessions and
        // validators.
        .target(
            name: "Guided",
            dependencies: [
                "GuidedBackends", "GuidedServerBackends", "GuidedSchema", "GuidedJSON", "GuidedHTTP",
                "GuidedLlamaServer", "GuidedManagedServer", "GuidedOllama", "GuidedOpenAI", "GuidedSession",
                "GuidedConfigurationFile",
                "GuidedValidation",
            ],
            swiftSettings: swiftSettings
        ),

        // Test support: an in-process stub HTTP server on 127.0.0.1, a chaos server, a real TLS server with a throwaway
        // CA, and a runner for built executables.
        .target(
            name: "GuidedTestSupport", dependencies: ["GuidedSchema", "GuidedValidation"], swiftSettings: swiftSettings),

        // Test traits (they import the toolchain's Testing, so only test targets depend on this):
        // `.liveModel` (one live-model test at a time on the machine) and `.ownThreads` (tests that
        // block on child processes run on threads of their own, beside the parallel async tests).
        .target(name: "GuidedTestTraits", swiftSettings: swiftSettings),

        // The two canonical output types, as an app would declare them.
        .target(
            name: "CanonicalSchemas", dependencies: ["GuidedSchema"], path: "examples/CanonicalSchemas",
            swiftSettings: swiftSettings),

        // Test support shared by the tests and the benchmark: conformance scoring and llama.cpp's grammar checker.
        .target(
            name: "GuidedConformance", dependencies: ["GuidedGrammar", "GuidedJSON", "GuidedSchema"],
            swiftSettings: swiftSettings),

        // The command-line tools' option tables: parsing, allowed options and help from one
        // declaration per option.
        .target(name: "GuidedCommandLine", swiftSettings: swiftSettings),

        // Benchmarks (not a product): `swift run -c release guided-bench`.
        .executableTarget(
            name: "guided-bench",
            dependencies: [
                "GuidedConformance", "GuidedGrammar", "GuidedJSON", "GuidedSchema", "Guided", "GuidedHTTP",
                "GuidedServerBackends",
                "GuidedManagedServer", "GuidedLlamaServer", "GuidedTestSupport", "CanonicalSchemas", "SenbaFlows",
                "GuidedCommandLine",
            ],
            path: "Benchmarks/GuidedBench",
            swiftSettings: swiftSettings
        ),

        // A third-party backend, as its own package would write it (examples/CustomBackend has
        // a standalone Package.swift); compiled here too so the example cannot rot.
        .target(
            name: "CustomBackendExample", dependencies: ["GuidedBackends", "GuidedSchema"],
            path: "examples/CustomBackend/Sources/CustomBackend", swiftSettings: swiftSettings),

        // Schema files to Swift types in the DSL, with their grammars compiled (the plugin's tool
        // links only schema, JSON and grammar: no HTTP stack).
        .target(
            name: "GuidedCodegen", dependencies: ["GuidedSchema", "GuidedJSON", "GuidedGrammar"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "guided-codegen", dependencies: ["GuidedCodegen", "GuidedJSON", "GuidedSchema"],
            swiftSettings: swiftSettings),
        // Build plugin: a target's *.schema.json files to Swift types at build time.
        .plugin(name: "GuidedGrammarPlugin", capability: .buildTool(), dependencies: ["guided-codegen"]),
        // An app target using it.
        .target(
            name: "PrecompiledGrammars",
            dependencies: ["GuidedSchema"],
            path: "examples/PrecompiledGrammars",
            resources: [.copy("StepSuggestions.schema.json")],
            swiftSettings: swiftSettings,
            plugins: ["GuidedGrammarPlugin"]
        ),

        // Senba, the reference app (examples/Senba): its flows as a library — types generated from
        // schema files by the build plugin — and four runnable examples.
        .target(
            name: "SenbaFlows",
            dependencies: ["Guided", "GuidedJSON", "GuidedManagedServer", "GuidedSchema", "GuidedValidation"],
            path: "examples/Senba/Sources/SenbaFlows",
            resources: [
                .copy("StepSuggestions.schema.json"), .copy("RewrittenNotification.schema.json"),
                .copy("Archive.schema.json"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["GuidedGrammarPlugin"]
        ),
        // The README's quick start, compiled with the package; a live test runs it (QuickStartTests).
        .executableTarget(
            name: "quick-start", dependencies: ["Guided"], path: "examples/QuickStart", swiftSettings: swiftSettings),
        // Tuning a model, end to end: instructions, greedy, seeded sampling, temperature, context share.
        .executableTarget(
            name: "tuning", dependencies: ["Guided"], path: "examples/Tuning", swiftSettings: swiftSettings),
        // Tools: the model calls the app's functions before it answers (ToolsExampleTests runs it).
        .executableTarget(
            name: "tools", dependencies: ["Guided"], path: "examples/Tools", swiftSettings: swiftSettings),
        .executableTarget(
            name: "copywriter", dependencies: ["Guided", "SenbaFlows"], path: "examples/Senba/Sources/copywriter",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "step-suggester", dependencies: ["Guided", "SenbaFlows"],
            path: "examples/Senba/Sources/step-suggester", swiftSettings: swiftSettings),
        .executableTarget(
            name: "librarian", dependencies: ["Guided", "SenbaFlows"], path: "examples/Senba/Sources/librarian",
            swiftSettings: swiftSettings),
        // The main job (scripts/demo): both flows on their sample requests.
        .executableTarget(
            name: "senba-demo", dependencies: ["Guided", "GuidedManagedServer", "SenbaFlows"],
            path: "examples/Senba/Sources/senba-demo", swiftSettings: swiftSettings),
        .executableTarget(
            name: "config-swap", dependencies: ["Guided", "SenbaFlows"], path: "examples/Senba/Sources/config-swap",
            swiftSettings: swiftSettings),

        // The command-line tool.
        .executableTarget(
            name: "guided",
            dependencies: [
                "Guided", "GuidedSchema", "GuidedJSON", "GuidedGrammar", "GuidedCodegen", "GuidedManagedServer",
                "GuidedOpenAI", "GuidedCommandLine",
            ],
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "GuidedSchemaTests",
            dependencies: ["GuidedSchema", "GuidedPatterns", "GuidedJSON", "CanonicalSchemas", "GuidedTestTraits"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GuidedJSONTests", dependencies: ["GuidedJSON", "GuidedSchema"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GuidedValidationTests",
            dependencies: ["GuidedValidation", "GuidedSchema", "GuidedJSON", "GuidedTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GuidedGrammarTests",
            dependencies: ["GuidedGrammar", "GuidedPatterns", "GuidedJSON", "GuidedConformance", "GuidedTestTraits"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GuidedSessionTests",
            dependencies: [
                "Guided", "GuidedSession", "GuidedValidation", "GuidedManagedServer", "GuidedLlamaServer",
                "GuidedTestSupport", "GuidedTestTraits", "GuidedHTTP", "GuidedJSON", "CanonicalSchemas",
                "GuidedGrammar",
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GuidedHTTPTests", dependencies: ["GuidedHTTP", "GuidedTestSupport", "GuidedTestTraits"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "GuidedBackendsTests",
            dependencies: [
                "Guided", "GuidedTestSupport", "GuidedTestTraits", "GuidedLlamaServer", "GuidedManagedServer",
                "GuidedOllama", "GuidedServerBackends",
                "GuidedOpenAI", "GuidedHTTP", "GuidedJSON",
                "GuidedGrammar", "CanonicalSchemas", "CustomBackendExample", "GuidedBackends", "GuidedSchema",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GuidedCodegenTests",
            dependencies: ["GuidedCodegen", "GuidedGrammar", "GuidedJSON", "GuidedSchema"],
            resources: [
                .copy("Schemas/StepSuggestions.schema.json"), .copy("Schemas/RewrittenNotification.schema.json"),
                .copy("Schemas/JournalEntry.schema.json"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["GuidedGrammarPlugin"]
        ),
        .testTarget(
            name: "SenbaFlowsTests",
            dependencies: [
                "SenbaFlows", "Guided", "GuidedManagedServer", "GuidedTestSupport", "GuidedTestTraits", "copywriter",
                "step-suggester",
                "librarian", "config-swap", "senba-demo",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "GuidedCLITests",
            dependencies: [
                "guided", "GuidedTestSupport", "GuidedTestTraits", "PrecompiledGrammars", "GuidedGrammar",
                "GuidedSchema", "GuidedCommandLine",
                "CanonicalSchemas",
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The sanitizer passes (scripts/sanitize) declare only the test targets their suites live in:
// a sanitized build is a whole separate build, and the command-line, codegen and example suites
// would pull the tool, the build plugin and the examples into it. With
// `GUIDED_TEST_TARGETS=GuidedHTTPTests,GuidedSessionTests` the other test targets are left out;
// unset, every test target is declared.
if let kept = Context.environment["GUIDED_TEST_TARGETS"] {
    let names = Set(kept.split(separator: ",").map(String.init))
    package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
}
