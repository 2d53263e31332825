import Foundation
import GuidedTestTraits
import Testing

/// The probe's byte-order marks and other encodings (`cases_unclear`, `bom-*`): a UTF-8 byte-order
/// mark at the start of a `--fallback` file or of a fallback template the configuration names is
/// a usage error saying so, not "invalid UTF-8"; a UTF-16 schema is a located error; a U+FEFF
/// inside a string is just a character.
@Suite(.ownThreads) struct ProbeEncodingTests {
    /// A UTF-8 byte-order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `text` in UTF-16LE after its byte-order mark (`FF FE`).
    static func utf16LittleEndian(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// The probe's configuration whose notification fallback is the template `t.json` beside it.
    static let templateConfiguration =
        #"{"backends":[{"name":"b","kind":"llama-server","url":"{dead}","timeoutSeconds":8,"idleTimeoutSeconds":4}],"#
        + #""outputs":{"RewrittenNotification":{"fallback":{"template":"t.json"}}}}"#

    static let cases: [ProbeCase] = [
        ProbeCase(
            name: "bom-fallback", arguments: ProbeCase.generate(["--fallback", "{dir}/f.json"]),
            files: ["f.json": .bytes(byteOrderMark + Array(#"{"text":"x"}"#.utf8))], exits: [2],
            stderr: "byte-order mark", never: ["invalid utf-8"]
        ).withDeadConfiguration,
        ProbeCase(
            name: "bom-config-template", arguments: ProbeCase.generate(config: "{dir}/g.json"),
            files: [
                "t.json": .bytes(byteOrderMark + Array(#"{"text":"Back in {month}"}"#.utf8)),
                "g.json": .text(templateConfiguration),
            ], exits: [2], stderr: "byte-order mark", never: ["invalid utf-8"]),
        ProbeCase(
            name: "bom-utf16-schema", arguments: ["validate", "{dir}/s.json", "{dir}/i.json"],
            files: ["s.json": .bytes(utf16LittleEndian(#"{"type":"string"}"#)), "i.json": .text(#""x""#)],
            exits: [2], stderr: #":\d+:\d+: error: "#),
        ProbeCase(
            name: "bom-inside-string-ok", arguments: ["validate", "{dir}/s.json", "{dir}/i.json"],
            files: [
                "s.json": .text("{\"type\":\"string\",\"description\":\"zero\u{FEFF}width\"}"),
                "i.json": .text(#""x""#),
            ], exits: [0]),
    ]

    @Test(arguments: cases) func aByteOrderMarkIsNamedAndAnInnerOneIsAccepted(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }
}
