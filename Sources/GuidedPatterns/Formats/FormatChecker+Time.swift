/// Dates, times, durations and UUIDs (RFC 3339, RFC 4122).
extension FormatChecker {
    static func digits(_ s: ArraySlice<UInt8>) -> Int? {
        guard !s.isEmpty, s.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        // Saturates instead of trapping: long digit runs ("99999999999999999999.1.1.1") must
        // fail a bound check, not crash the validator.
        return s.reduce(0) { $0 > (Int.max - 9) / 10 ? Int.max : $0 * 10 + Int($1 - 48) }
    }

    /// `YYYY-MM-DD` with real month lengths and leap years.
    package static func isDate(_ s: ArraySlice<UInt8>) -> Bool {
        let s = Array(s)
        guard s.count == 10, s[4] == UInt8(ascii: "-"), s[7] == UInt8(ascii: "-"),
            let year = digits(s[0..<4]), let month = digits(s[5..<7]), let day = digits(s[8..<10]),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// `HH:MM:SS[.frac](Z|±HH:MM)`; a leap second is allowed only at 23:59:60 UTC.
    package static func isTime(_ s: ArraySlice<UInt8>) -> Bool {
        let s = Array(s)
        guard s.count >= 9, s[2] == UInt8(ascii: ":"), s[5] == UInt8(ascii: ":"),
            let hour = digits(s[0..<2]), let minute = digits(s[3..<5]), let second = digits(s[6..<8]),
            hour <= 23, minute <= 59, second <= 60
        else { return false }
        var i = 8
        if s[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < s.count, s[i] >= 48, s[i] <= 57 { i += 1 }
            guard i > start else { return false }
        }
        guard i < s.count else { return false }
        var offsetMinutes = 0
        switch s[i] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard i + 1 == s.count else { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard s.count - i == 6, s[i + 3] == UInt8(ascii: ":"),
                let oh = digits(s[(i + 1)..<(i + 3)]), let om = digits(s[(i + 4)..<(i + 6)]), oh <= 23, om <= 59
            else { return false }
            offsetMinutes = (oh * 60 + om) * (s[i] == UInt8(ascii: "+") ? 1 : -1)
        default: return false
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// `8-4-4-4-12` hex digits.
    package static func isUUID(_ s: [UInt8]) -> Bool {
        guard s.count == 36 else { return false }
        for (i, c) in s.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                guard c == UInt8(ascii: "-") else { return false }
            } else if !isHex(c) {
                return false
            }
        }
        return true
    }

    static func isHex(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
    }

    /// `P[nY][nM][nD][T[nH][nM][nS]]` or `PnW`, at least one element, `T` followed by at least one.
    package static func isDuration(_ s: [UInt8]) -> Bool {
        guard s.first == UInt8(ascii: "P"), s.count > 1 else { return false }
        var rest = s.dropFirst()
        /// Consecutive elements from `units` ("YMD" or "HMS"): the first may be any unit, each
        /// later one must be the next unit (RFC 3339 Appendix A: `P1Y2D` is not a duration).
        func take(_ units: [UInt8]) -> [UInt8] {
            var seen: [UInt8] = []
            var previous: Int?
            while !rest.isEmpty {
                let start = rest.startIndex
                var end = start
                while end < rest.endIndex, rest[end] >= 48, rest[end] <= 57 { end += 1 }
                guard end > start, end < rest.endIndex, let unit = units.firstIndex(of: rest[end]) else { break }
                if let previous, unit != previous + 1 { break }
                seen.append(rest[end])
                previous = unit
                rest = rest[(end + 1)...]
            }
            return seen
        }
        if s.last == UInt8(ascii: "W") {
            return s.count > 2 && digits(s[1..<(s.count - 1)]) != nil
        }
        let datePart = take(Array("YMD".utf8))
        if rest.isEmpty { return !datePart.isEmpty }
        guard rest.first == UInt8(ascii: "T") else { return false }
        rest = rest.dropFirst()
        let timePart = take(Array("HMS".utf8))
        return rest.isEmpty && !timePart.isEmpty
    }
}
