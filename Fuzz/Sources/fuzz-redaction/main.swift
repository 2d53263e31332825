import FuzzSupport

@testable import Guided
@testable import GuidedServerBackends

/// Redaction and terminal escaping (issue 23). The first byte picks the piece size; the text
/// after it is `secret\u{1}secret\u{1}…\u{2}text`. Checked, trapping on any broken promise: the text
/// redacted in pieces is the text redacted whole, each snapshot a start of it, no secret (of at
/// least 8 characters, none holding `[` or `]`, which `[redacted]` could complete) left in it,
/// JSON escapes folded in pieces are the text folded whole, and neither escaping leaves a control
/// character it promises to escape.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRedaction(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let (selector, rest) = FuzzInput(start, count).split
    let input = String(decoding: rest, as: UTF8.self)
    let parts = input.split(separator: "\u{2}", maxSplits: 1, omittingEmptySubsequences: false)
    let secrets = parts.count == 2 ? parts[0].split(separator: "\u{1}").map(String.init) : []
    let text = String(parts.last ?? "")
    let redactor = SecretRedactor(secrets: secrets)
    let whole = redactor.redact(text)
    var stream = SecretRedactor.Stream(redactor)
    let size = max(1, Int(selector % 17))
    let scalars = Array(text.unicodeScalars)
    var offset = 0
    while offset < scalars.count {
        var piece = ""
        piece.unicodeScalars.append(contentsOf: scalars[offset..<min(offset + size, scalars.count)])
        stream.append(piece)
        precondition(whole.utf8.starts(with: stream.shown.utf8), "a snapshot is not a start of the whole")
        offset += size
    }
    precondition(stream.finish() == whole, "pieces and whole differ")
    var folding = JSONEscapeFolding()
    var folded = ""
    offset = 0
    while offset < scalars.count {
        var piece = ""
        piece.unicodeScalars.append(contentsOf: scalars[offset..<min(offset + size, scalars.count)])
        folded += folding.append(piece)
        offset += size
    }
    var once = JSONEscapeFolding()
    precondition(folded == once.append(text), "escapes folded in pieces and whole differ")
    for secret in secrets where secret.utf8.count >= 8 && !secret.contains("[") && !secret.contains("]") {
        precondition(!whole.utf8.contains(secret.utf8), "a secret is left")
    }
    let isControl = { (scalar: Unicode.Scalar) in scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
    precondition(!TerminalText.escaped(text).unicodeScalars.contains(where: isControl), "a control is left")
    precondition(
        !TerminalText.escaped(text, keepingLineBreaks: true).unicodeScalars.contains {
            isControl($0) && $0 != "\n" && $0 != "\t"
        }, "a control other than a line break is left")
    return 0
}

/// The entry point SwiftPM's link expects (see ``runFuzzer(_:_:_:)``).
@_cdecl("fuzz_redaction_main")
public func fuzzRedactionMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzRedaction)
}
