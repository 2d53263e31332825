import FuzzSupport

@testable import GuidedGrammar

/// The GBNF parser and matcher: the first line is a grammar, the rest an input; any grammar
/// parses or fails with a located error, and a parsed grammar matches any input without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGBNF(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = FuzzInput(start, count).text
    let parts = text.split(separator: "\u{1}", maxSplits: 1, omittingEmptySubsequences: false)
    guard let grammar = try? GBNFGrammar(parsing: String(parts[0])) else { return 0 }
    let input = parts.count > 1 ? String(parts[1].prefix(200)) : ""
    _ = grammar.accepts(input)
    _ = grammar.acceptsPrefix(input)
    return 0
}

/// The entry point SwiftPM's link expects (see ``runFuzzer(_:_:_:)``).
@_cdecl("fuzz_gbnf_main")
public func fuzzGBNFMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzGBNF)
}
