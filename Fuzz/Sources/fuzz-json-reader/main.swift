import FuzzSupport

@testable import GuidedJSON

/// The JSON reader: any bytes give a value or a located error, and a value survives a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    guard let value = try? JSONReader.parse(bytes: input.bytes) else { return 0 }
    let again = try? JSONReader.parse(value.jsonText())
    precondition(again == value, "round trip changed \(value.jsonText())")
    return 0
}

/// The entry point SwiftPM's link expects (see ``runFuzzer(_:_:_:)``).
@_cdecl("fuzz_json_reader_main")
public func fuzzJSONReaderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzJSONReader)
}
