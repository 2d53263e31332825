/// A `YYYY-MM-DD` day, for month names in copy and day counts in cooldowns.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month.
    public var day: Int

    /// Parses `YYYY-MM-DD`, a day that exists (a four-digit year, no `2026-02-31`); nil for
    /// anything else (``problem(with:)`` says what is wrong).
    public init?(_ text: String) {
        guard case .success(let date) = Self.parse(text) else { return nil }
        self = date
    }

    private init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Why `text` is not a day ``init(_:)`` accepts, e.g. `is not a day: February 2026 has 28 days`; nil when it is one.
    public static func problem(with text: String) -> String? {
        guard case .failure(let problem) = parse(text) else { return nil }
        return problem.text
    }

    private struct Problem: Error {
        let text: String
    }

    private static func parse(_ text: String) -> Result<CalendarDate, Problem> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let digits = { (part: Substring) in part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy(digits), let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else {
            return .failure(Problem(text: "is not YYYY-MM-DD (a four-digit year, a two-digit month and day)"))
        }
        guard (1...12).contains(month) else {
            return .failure(Problem(text: "is not a day: there is no month \(month)"))
        }
        guard day >= 1 else { return .failure(Problem(text: "is not a day: there is no day 0")) }
        let length = days(inMonth: month, of: year)
        guard day <= length else {
            return .failure(Problem(text: "is not a day: \(monthNames[month - 1]) \(parts[0]) has \(length) days"))
        }
        return .success(CalendarDate(year: year, month: month, day: day))
    }

    /// How many days `month` has in `year` (Gregorian leap years).
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
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
