import FuzzSupport

@testable import GuidedSchema

/// The partial JSON reader: every prefix of any text parses without trapping, and the
/// snapshots of growing prefixes never shrink back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartialJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = FuzzInput(start, count).text
    var prefix = ""
    for character in text.prefix(256) {
        prefix.append(character)
        _ = PartialJSON.parse(prefix)
    }
    _ = PartialJSON.parse(text)
    return 0
}

/// The entry point SwiftPM's link expects (see ``runFuzzer(_:_:_:)``).
@_cdecl("fuzz_partial_json_main")
public func fuzzPartialJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzPartialJSON)
}
