import FuzzSupport

@testable import GuidedPatterns
@testable import GuidedSchema

/// The regex parser and matcher: a pattern, a NUL, a subject. Any pattern compiles or fails
/// with a syntax error; a compiled one matches any subject without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = FuzzInput(start, count).text
    let parts = text.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
    guard let pattern = try? RegexPattern(String(parts[0].prefix(512))) else { return 0 }
    _ = pattern.matches(parts.count > 1 ? String(parts[1].prefix(256)) : "")
    return 0
}

/// The entry point SwiftPM's link expects (see ``runFuzzer(_:_:_:)``).
@_cdecl("fuzz_regex_main")
public func fuzzRegexMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzRegex)
}
