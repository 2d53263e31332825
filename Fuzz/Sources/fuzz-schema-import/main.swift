import FuzzSupport

@testable import GuidedGrammar
@testable import GuidedJSON
@testable import GuidedSchema

/// The JSON Schema importer (and the grammar compiler behind it): any JSON document imports or
/// fails with a located error; an imported schema compiles to a grammar our GBNF parser reads,
/// or fails with a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemaImport(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let document = try? JSONReader.parse(bytes: FuzzInput(start, count).bytes),
        let imported = try? GenerationSchema.fromJSONSchema(
            document, options: JSONSchemaImportOptions(allowUnsupported: true))
    else { return 0 }
    _ = imported.schema.violations(of: document)
    if let compiled = try? GrammarCompiler.compile(imported.schema) {
        precondition(
            (try? GBNFGrammar(parsing: compiled.gbnf)) != nil, "the compiler emitted a grammar our parser rejects")
    }
    return 0
}

/// The entry point SwiftPM's link expects (see ``runFuzzer(_:_:_:)``).
@_cdecl("fuzz_schema_import_main")
public func fuzzSchemaImportMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzSchemaImport)
}
