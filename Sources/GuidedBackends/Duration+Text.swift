extension Duration {
    /// The duration in seconds to one decimal, as messages print it: `4.2 s`.
    package var secondsText: String {
        let value = Double(components.seconds) + Double(components.attoseconds) / 1e18
        return "\((value * 10).rounded() / 10) s"
    }
}
