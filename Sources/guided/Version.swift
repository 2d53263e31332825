/// `guided --version`.
enum Version {
    /// The tool's version; bump it with every release.
    static let number = "0.1.0"
    /// `guided 0.1.0`.
    static let text = "guided \(number)"
}
