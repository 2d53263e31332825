/// libFuzzer's driver, entered from each target's own `main`.
///
/// SwiftPM links an ELF executable with `--defsym main=<module>_main` (so tests can call an
/// executable's entry point), and `-parse-as-library` (which libFuzzer needs) emits no such
/// symbol, so the link failed with "undefined symbol 'fuzz_json_reader_main'". Each target
/// defines that symbol and hands over to libFuzzer here; libFuzzer's own `main` is then never
/// linked in.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments and `test` as the fuzz target.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ test: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments = argv
    return llvmFuzzerRunDriver(&count, &arguments, test)
}
