extension ParsedCommandLine {
    /// A whole number in `range`, or a usage error that names the option, the range and what was
    /// given (`error: --max-tokens needs a whole number from 1 to 1000000, not 0`); nil when the
    /// option was not given. Never converted from a `Double` that could trap.
    public func integer(_ option: Option, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                "error: \(option.rawValue) needs a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)"
            )
        }
        return value
    }

    /// A finite number that `isAllowed` accepts, or a usage error that names the option, says
    /// which numbers are allowed (`allowed`: "from 0 to 2") and what was given, `nan` and `inf`
    /// included; nil when the option was not given.
    public func number(_ option: Option, allowed: String, where isAllowed: (Double) -> Bool) throws(UsageError)
        -> Double?
    {
        guard let text = value(option) else { return nil }
        guard let value = Double(text), value.isFinite, isAllowed(value) else {
            throw UsageError("error: \(option.rawValue) needs a number \(allowed), not \(text)")
        }
        return value
    }

    /// A finite number from 0 to 1, or a usage error (`nan` and `inf` included); nil when the
    /// option was not given.
    public func fraction(_ option: Option) throws(UsageError) -> Double? {
        try number(option, allowed: "from 0 to 1") { (0...1).contains($0) }
    }

    /// One of `choices` (the raw values of a `RawRepresentable` type, `dev|test|all`), or a usage
    /// error listing them; nil when the option was not given.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ option: Option, of: Choice.Type) throws(UsageError)
        -> Choice? where Choice.RawValue == String
    {
        guard let text = value(option) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("error: \(option.rawValue) takes one of \(names), not \(text)")
        }
        return choice
    }

    /// A comma-separated list (`--models a,b`), its empty items dropped; nil when the option was
    /// not given.
    public func list(_ option: Option) -> [String]? {
        value(option).map { $0.split(separator: ",").map(String.init) }
    }
}
