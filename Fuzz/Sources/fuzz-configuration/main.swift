import FuzzSupport

@testable import Guided
@testable import GuidedJSON

/// The configuration loader: any JSON document is a configuration or a located error (no
/// backend is contacted: building a backend only reads its entry).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let document = try? JSONReader.parse(bytes: FuzzInput(start, count).bytes) else { return 0 }
    _ = try? GuidedConfiguration.from(document, file: "fuzz.json", registry: .standard())
    return 0
}

/// The entry point SwiftPM's link expects (see ``runFuzzer(_:_:_:)``).
@_cdecl("fuzz_configuration_main")
public func fuzzConfigurationMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzConfiguration)
}
