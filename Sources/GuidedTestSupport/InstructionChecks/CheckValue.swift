/// A check's value as the benchmark file writes it, whichever JSON reader read the file.
///
/// `{"sentences": {"min": 1, "max": 1}}` is the key `sentences` with ``range(min:max:)``;
/// `{"decimal": 0.75}` is ``number(_:)``; `{"contains": ["Paris"]}` is ``strings(_:)``.
package enum CheckValue: Sendable, Hashable {
    /// A JSON number: `0.75`, `3`.
    case number(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array of strings.
    case strings([String])
    /// `true` or `false`.
    case bool(Bool)
    /// An object with an optional `min` and an optional `max`, both whole numbers.
    case range(min: Int?, max: Int?)
}
