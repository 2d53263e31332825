// swift-tools-version: 6.0
// A third-party backend in its own package: it depends on Guided's backend contract and schema
// alone (GuidedBackends, GuidedSchema: no libcurl, no json-c), adds a `kind`, and a configuration
// file can then name it. Nothing in Guided changes.
import PackageDescription

let package = Package(
    name: "CustomBackend",
    products: [.library(name: "CustomBackend", targets: ["CustomBackend"])],
    dependencies: [.package(name: "Guided", path: "../..")],
    targets: [
        .target(
            name: "CustomBackend",
            dependencies: [
                .product(name: "GuidedBackends", package: "Guided"), .product(name: "GuidedSchema", package: "Guided"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
