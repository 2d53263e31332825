extension InstructionCheck {
    /// The check a benchmark line writes as `{key: value}`.
    ///
    /// Counts (`numberedList`, `bulletList`, `commaList`, `lines`) must be whole numbers from 1;
    /// a `sentences` or `words` range needs at least one bound, bounds from 0 and `min` ≤ `max`;
    /// phrase lists must be non-empty and hold no blank phrase; `noFraction`, `lowercase` and
    /// `notRefusal` take `true` only.
    /// - Throws: ``InstructionCheckError/unknownKey(_:)`` for a key no check has, and
    ///   ``InstructionCheckError/wrongValue(key:expected:)`` for a value of the wrong shape.
    package static func parse(key: String, value: CheckValue) throws(InstructionCheckError) -> InstructionCheck {
        switch key {
        case "sentences":
            let (min, max) = try range(key, value)
            return .sentences(min: min, max: max)
        case "words":
            let (min, max) = try range(key, value)
            return .words(min: min, max: max)
        case "decimal":
            guard case .number(let number) = value, number.isFinite else {
                throw .wrongValue(key: key, expected: "a number")
            }
            return .decimal(number)
        case "numberedList": return .numberedList(try count(key, value))
        case "bulletList": return .bulletList(try count(key, value))
        case "commaList": return .commaList(try count(key, value))
        case "lines": return .lines(try count(key, value))
        case "startsWith": return .startsWith(try phrases(key, value))
        case "contains": return .contains(try phrases(key, value))
        case "containsAny": return .containsAny(try phrases(key, value))
        case "forbidden": return .forbidden(try phrases(key, value))
        case "exactly":
            guard case .string(let reply) = value, !reply.allSatisfy(\.isWhitespace) else {
                throw .wrongValue(key: key, expected: "a non-empty string")
            }
            return .exactly(reply)
        case "noFraction":
            try flag(key, value)
            return .noFraction
        case "lowercase":
            try flag(key, value)
            return .lowercase
        case "notRefusal":
            try flag(key, value)
            return .notRefusal
        default:
            throw .unknownKey(key)
        }
    }

    /// A `{"min": n, "max": n}` range with at least one bound, both from 0, `min` ≤ `max`.
    private static func range(_ key: String, _ value: CheckValue) throws(InstructionCheckError) -> (Int?, Int?) {
        guard case .range(let min, let max) = value, min != nil || max != nil, (min ?? 0) >= 0, (max ?? 0) >= 0,
            (min ?? 0) <= (max ?? Int.max)
        else {
            throw .wrongValue(key: key, expected: "{\"min\": n, \"max\": n} with at least one bound, min ≤ max")
        }
        return (min, max)
    }

    /// A whole number from 1.
    private static func count(_ key: String, _ value: CheckValue) throws(InstructionCheckError) -> Int {
        guard case .number(let number) = value, number >= 1, number <= 1000, number == number.rounded() else {
            throw .wrongValue(key: key, expected: "a whole number from 1")
        }
        return Int(number)
    }

    /// A non-empty array of non-blank phrases.
    private static func phrases(_ key: String, _ value: CheckValue) throws(InstructionCheckError) -> [String] {
        guard case .strings(let phrases) = value, !phrases.isEmpty,
            !phrases.contains(where: { $0.allSatisfy(\.isWhitespace) })
        else {
            throw .wrongValue(key: key, expected: "a non-empty array of non-empty strings")
        }
        return phrases
    }

    /// `true`: the only value a flag check takes.
    private static func flag(_ key: String, _ value: CheckValue) throws(InstructionCheckError) {
        guard value == .bool(true) else { throw .wrongValue(key: key, expected: "true") }
    }
}
