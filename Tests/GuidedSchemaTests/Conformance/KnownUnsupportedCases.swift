/// JSON-Schema-Test-Suite cases Guided knowingly does not support, each with the reason.
/// The importer rejects these schemas with a located `unsupportedKeyword` error (nothing is
/// silently ignored); `--allow-unsupported` accepts them with the format unchecked.
enum KnownUnsupportedCases {
    static let list: [(prefix: String, reason: String)] = [
        ("jsts:draft2020-12/optional/format/hostname.json", "format hostname is not implemented (use a pattern)"),
        ("jsts:draft2020-12/optional/format/ipv6.json", "format ipv6 is not implemented (use a pattern)"),
        ("jsts:draft2020-12/optional/format/uri.json", "format uri is not implemented (use a pattern)"),
        ("jsts:draft2020-12/optional/format/uri-reference.json", "format uri-reference is not implemented (use a pattern)"),
        ("jsts:draft2020-12/pattern.json#2/", "Unicode property escapes (\\p{Letter}) are outside the regex subset"),
    ]
}
