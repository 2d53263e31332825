/// Escapes (`\n`, `\x41`, `\d`, ...) and bracketed classes.
extension RegexParser {
    /// What one escape or class member stands for.
    enum ClassAtom {
        case scalar(UInt32)
        case set(RegexScalarSet)
    }

    /// Parses `\...` outside brackets.
    mutating func parseAtomEscape() throws(RegexSyntaxError) -> RegexNode {
        guard let next = peek(1) else {
            throw error("pattern ends with a lone backslash", remedy: "escape it as \\\\")
        }
        switch next {
        case "b", "B":
            guard extended else {
                throw error(
                    "word-boundary assertions (\\\(next)) are not supported",
                    remedy: "remove the assertion or spell out the neighbouring characters")
            }
            position += 2
            return .wordBoundary(negated: next == "B")
        case "1"..."9":
            guard extended else {
                throw error(
                    "backreferences are not supported", remedy: "repeat the referenced sub-pattern instead of \\\(next)"
                )
            }
            let start = position
            position += 1
            var number = 0
            while let digit = peek().flatMap(asciiDigit) {
                number = min(number * 10 + digit, 1_000_000)
                position += 1
            }
            if number > (largestReference?.number ?? 0) { largestReference = (number, start) }
            return .backreference(number)
        case "k":
            guard extended else {
                throw error(
                    "named backreferences (\\k<name>) are not supported",
                    remedy: "repeat the referenced sub-pattern instead")
            }
            let start = position
            guard peek(2) == "<" else { throw error("\\k must be followed by <name>", remedy: "write \\k<name>") }
            position += 3
            let nameStart = position
            while let scalar = peek(), scalar != ">" { position += 1 }
            guard peek() == ">", position > nameStart else {
                throw error("malformed \\k<name>", at: start, remedy: "write \\k<name>")
            }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<position]))
            position += 1
            namedReferences.append((name, start))
            // Resolved to a number once every group name is known.
            return .backreference(-namedReferences.count)
        default:
            break
        }
        switch try parseEscape(inClass: false) {
        case .scalar(let value):
            return .literal(Unicode.Scalar(value)!)
        case .set(let set):
            return .characterClass(RegexCharacterClass(members: set, isNegated: false))
        }
    }

    /// Parses one escape at the cursor (which is on the backslash).
    mutating func parseEscape(inClass: Bool) throws(RegexSyntaxError) -> ClassAtom {
        let start = position
        position += 1
        guard let letter = peek() else {
            throw error("pattern ends with a lone backslash", at: start, remedy: "escape it as \\\\")
        }
        position += 1
        switch letter {
        case "d": return .set(RegexShorthand.digit.scalars)
        case "D": return .set(RegexShorthand.digit.scalars.inverted)
        case "w": return .set(RegexShorthand.word.scalars)
        case "W": return .set(RegexShorthand.word.scalars.inverted)
        case "s": return .set(RegexShorthand.space.scalars)
        case "S": return .set(RegexShorthand.space.scalars.inverted)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "t": return .scalar(0x09)
        case "f": return .scalar(0x0C)
        case "v": return .scalar(0x0B)
        case "b" where inClass: return .scalar(0x08)
        case "0":
            if let digit = peek(), asciiDigit(digit) != nil {
                throw error("octal escapes are not supported", at: start, remedy: "use \\xHH or \\uHHHH")
            }
            return .scalar(0)
        case "x":
            guard let high = peek().flatMap(asciiHexDigit), let low = peek(1).flatMap(asciiHexDigit) else {
                throw error("\\x must be followed by two hex digits", at: start, remedy: "write \\xHH, e.g. \\x41")
            }
            position += 2
            return .scalar(high << 4 | low)
        case "u":
            return .scalar(try parseUnicodeEscape(start: start))
        case "c":
            if let control = peek(), (0x41...0x5A).contains(control.value) || (0x61...0x7A).contains(control.value) {
                position += 1
                return .scalar(control.value % 32)
            }
            throw error("\\c must be followed by a letter", at: start, remedy: "write \\cA ... \\cZ or use \\xHH")
        case "p", "P":
            guard peek() == "{", let close = scalars[position...].firstIndex(of: "}") else {
                throw error(
                    "\\\(letter) must be followed by {Property}", at: start, remedy: "write \\p{Letter} or \\p{gc=Nd}")
            }
            let name = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            guard let set = RegexPropertyClasses.set(named: name) else {
                throw error(
                    "unknown or unsupported Unicode property \"\(name)\"", at: start,
                    remedy:
                        "use a General_Category (\\p{L}, \\p{Nd}, …) or a binary property such as \\p{Alphabetic}; scripts are not available"
                )
            }
            position = close + 1
            return .set(letter == "p" ? set : set.inverted)
        case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/", "-":
            return .scalar(letter.value)
        case "1"..."9" where inClass:
            throw error("backreferences/octal escapes are not supported", at: start, remedy: "use \\xHH or \\uHHHH")
        default:
            throw error(
                "unsupported escape \\\(letter)", at: start,
                remedy: "escape only syntax characters (^$\\.*+?()[]{}|/-); write other characters unescaped")
        }
    }

    /// Parses the rest of `\uHHHH`, a surrogate pair `\uHHHH\uHHHH`, or `\u{H...}` (cursor after `u`).
    mutating func parseUnicodeEscape(start: Int) throws(RegexSyntaxError) -> UInt32 {
        if peek() == "{" {
            var index = position + 1
            var value: UInt32 = 0
            while index < scalars.count, let digit = asciiHexDigit(scalars[index]) {
                value = Swift.min(value * 16 + digit, 0x110000)
                index += 1
            }
            guard index > position + 1, index < scalars.count, scalars[index] == "}", value <= 0x10FFFF else {
                throw error("malformed \\u{...} escape", at: start, remedy: "write \\u{H...} with at most 10FFFF")
            }
            position = index + 1
            return try checkedScalar(value, start: start)
        }
        guard let unit = readFourHex(at: position) else {
            throw error("\\u must be followed by four hex digits", at: start, remedy: "write \\uHHHH or \\u{H...}")
        }
        position += 4
        if (0xD800...0xDBFF).contains(unit), peek() == "\\", peek(1) == "u",
            let low = readFourHex(at: position + 2), (0xDC00...0xDFFF).contains(low)
        {
            position += 6
            return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        return try checkedScalar(unit, start: start)
    }

    func readFourHex(at index: Int) -> UInt32? {
        guard index + 4 <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = asciiHexDigit(scalars[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    func checkedScalar(_ value: UInt32, start: Int) throws(RegexSyntaxError) -> UInt32 {
        if (0xD800...0xDFFF).contains(value) {
            throw error(
                "lone surrogate escape can never match a string", at: start,
                remedy: "write the whole character, e.g. \\u{1F600} or a \\uD83D\\uDE00 pair")
        }
        return value
    }

    // MARK: Classes

    /// Parses `[...]` (cursor on `[`).
    mutating func parseClass() throws(RegexSyntaxError) -> RegexCharacterClass {
        let open = position
        position += 1
        var negated = false
        if peek() == "^" {
            negated = true
            position += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        while true {
            guard let scalar = peek() else {
                throw error(
                    "unterminated character class", at: open, remedy: "add the missing ']' or escape the '[' as \\[")
            }
            if scalar == "]" {
                position += 1
                break
            }
            let atomStart = position
            let first = try parseClassAtom()
            if peek() == "-", let after = peek(1), after != "]" {
                position += 1
                let secondStart = position
                let second = try parseClassAtom()
                guard case .scalar(let low) = first, case .scalar(let high) = second else {
                    throw error(
                        "a class escape such as \\d cannot bound a range",
                        at: first.isSet ? atomStart : secondStart,
                        remedy: "escape the '-' as \\- to mean a literal hyphen")
                }
                guard low <= high else {
                    throw error(
                        "range out of order in character class", at: atomStart,
                        remedy: "write the smaller character first")
                }
                ranges.append(low...high)
            } else {
                switch first {
                case .scalar(let value): ranges.append(value...value)
                case .set(let set): ranges += set.ranges
                }
            }
        }
        return RegexCharacterClass(members: RegexScalarSet(ranges), isNegated: negated)
    }

    mutating func parseClassAtom() throws(RegexSyntaxError) -> ClassAtom {
        let scalar = peek()!
        if scalar == "\\" {
            if peek(1) == "B" {
                throw error("\\B is not valid inside a character class", remedy: "remove it")
            }
            return try parseEscape(inClass: true)
        }
        position += 1
        return .scalar(scalar.value)
    }
}

extension RegexParser.ClassAtom {
    var isSet: Bool {
        if case .set = self { return true }
        return false
    }
}
