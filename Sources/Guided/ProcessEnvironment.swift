#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process environment, read without Foundation.
public enum ProcessEnvironment {
    /// Every variable of the process environment now, by name (a later duplicate wins).
    ///
    /// ```swift
    /// let path = ProcessEnvironment.values["GUIDED_CONFIG"]
    /// ```
    public static var values: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}
