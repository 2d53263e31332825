/// Why a check in the benchmark file cannot be read: a key no check has, or a value of the
/// wrong shape for its key.
package enum InstructionCheckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No check is called `key`.
    case unknownKey(String)
    /// The value under `key` is not what that check takes; `expected` says what it takes.
    case wrongValue(key: String, expected: String)

    /// The key the error is about.
    package var key: String {
        switch self {
        case .unknownKey(let key), .wrongValue(let key, _): key
        }
    }

    /// One line naming the key, e.g. `"sentences" takes {"min": n, "max": n} with at least one bound`.
    package var description: String {
        switch self {
        case .unknownKey(let key): "unknown check \"\(key)\""
        case .wrongValue(let key, let expected): "\"\(key)\" takes \(expected)"
        }
    }
}
