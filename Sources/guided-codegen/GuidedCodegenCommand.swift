import GuidedCodegen
import GuidedJSON
import GuidedSchema

#if canImport(Glibc)
    import Glibc
#endif

/// `guided-codegen SCHEMA OUTPUT.swift`: the build plugin's tool. Writes the Swift type the
/// schema file declares (in the `Generable` DSL, with its precompiled grammar) to OUTPUT, only
/// when its bytes change; a bad schema prints `path:line:col: error: …` and exits 1.
///
/// It links only the schema, JSON and grammar targets: no HTTP stack, no backends. The entry point
/// is a `@main` type rather than top-level code so that the tool also compiles in builds that pass
/// `-parse-as-library` to every module (the fuzz package's sanitizer build).
@main
enum GuidedCodegenCommand {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print("guided-codegen 1")
            exit(0)
        }
        guard arguments.count == 2 else { fail("usage: guided-codegen SCHEMA.schema.json OUTPUT.swift", status: 2) }
        do {
            let source = try SchemaCodegen.generate(file: arguments[0])
            do {
                try FileBytes.replaceIfChanged(source, at: arguments[1])
            } catch {
                fail("\(arguments[1]): error: \(error.description) — \(error.remedy)", status: 1)
            }
        } catch {
            fail(error.description, status: 1)
        }
    }

    /// Writes `message` and a newline to standard error and exits with `status`.
    static func fail(_ message: String, status: Int32) -> Never {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(status)
    }
}
