/// A `YYYY-MM-DD` day, for month names in copy and day counts in cooldowns.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month.
    public var day: Int

    /// Parses `YYYY-MM-DD`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    /// `March`.
    public var monthName: String { Self.monthNames[month - 1] }

    /// `1 March 2026`.
    public var spelledOut: String { "\(day) \(monthName) \(year)" }

    /// Days since 1970-01-01 (proleptic Gregorian calendar).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Days from `self` to `later`.
    public func days(until later: CalendarDate) -> Int { later.dayNumber - dayNumber }

    /// `YYYY-MM-DD`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// Earlier days first.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { lhs.dayNumber < rhs.dayNumber }
}
