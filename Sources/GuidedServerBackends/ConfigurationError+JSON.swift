import GuidedBackends
import GuidedJSON
import GuidedSchema

extension ConfigurationError {
    /// The error for `what` (e.g. "the configuration file") at `path`, which could not be read
    /// (`cannot read the configuration file: …`, at the file's root, with the read failure's
    /// remedy and `remedySuffix`) or is not valid JSON (located at `path:line:column`).
    package init(reading what: String, at path: String, _ error: JSONSyntaxError, remedySuffix: String = "") {
        if let failure = error.readFailure {
            self.init(
                "cannot read \(what): \(failure.message)", remedy: failure.remedy + remedySuffix, at: .root, file: path)
        } else {
            self.init(
                error.message, remedy: "fix the JSON at line \(error.line), column \(error.column)", at: .root,
                file: "\(path):\(error.line):\(error.column)")
        }
    }
}
