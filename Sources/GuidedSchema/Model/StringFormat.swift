/// String formats Guided checks (JSON Schema `format`, the formats of draft 2020-12).
///
/// Unknown format names are annotations: they are listed as ignored in the lowering report.
public enum StringFormat: String, Sendable, Hashable, CaseIterable {
    /// RFC 3339 `full-date`, e.g. `2026-11-30`.
    case date
    /// RFC 3339 `full-time`, e.g. `08:30:00Z`.
    case time
    /// RFC 3339 `date-time`.
    case dateTime = "date-time"
    /// An ISO 8601 duration as JSON Schema defines it (`P3D`, `PT1H30M`, `P2W`).
    case duration
    /// RFC 4122 UUID in hex-and-dashes form.
    case uuid
    /// An email address (RFC 5321 mailbox, dot-atom local part or quoted string).
    case email
    /// An internationalized email address (RFC 6531: UTF-8 allowed in both parts).
    case idnEmail = "idn-email"
    /// An RFC 1123 host name (letters, digits and hyphens; labels up to 63, the whole up to 253).
    case hostname
    /// An internationalized host name (IDNA 2008, RFC 5890–5893).
    case idnHostname = "idn-hostname"
    /// A dotted-quad IPv4 address.
    case ipv4
    /// An RFC 4291 IPv6 address.
    case ipv6
    /// An absolute RFC 3986 URI.
    case uri
    /// An RFC 3986 URI reference (absolute or relative).
    case uriReference = "uri-reference"
    /// An absolute RFC 3987 IRI (a URI that may hold non-ASCII characters).
    case iri
    /// An RFC 3987 IRI reference.
    case iriReference = "iri-reference"
    /// An RFC 6570 URI template.
    case uriTemplate = "uri-template"
    /// An RFC 6901 JSON Pointer.
    case jsonPointer = "json-pointer"
    /// A relative JSON Pointer (draft-handrews-relative-json-pointer-01).
    case relativeJSONPointer = "relative-json-pointer"
    /// An ECMA-262 regular expression.
    case regex
}
