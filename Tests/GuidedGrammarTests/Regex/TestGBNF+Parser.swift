extension TestGBNF {
    struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func skipSpace() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\n" { index += 1 }
        }

        func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func fail(_ message: String) -> ParseError {
            ParseError(description: "\(message) at \(index) in \(String(String.UnicodeScalarView(scalars)))")
        }

        mutating func alternation() throws -> Node {
            var alternatives = [try sequence()]
            skipSpace()
            while peek() == "|" {
                index += 1
                alternatives.append(try sequence())
                skipSpace()
            }
            return alternatives.count == 1 ? alternatives[0] : .choice(alternatives)
        }

        mutating func sequence() throws -> Node {
            var items: [Node] = []
            while true {
                skipSpace()
                guard let scalar = peek(), scalar != "|", scalar != ")" else { break }
                var item: Node
                switch scalar {
                case "\"":
                    index += 1
                    var text: [UInt32] = []
                    while peek() != "\"" {
                        guard peek() != nil else { throw fail("unterminated literal") }
                        text.append(try character())
                    }
                    index += 1
                    item = .literal(text)
                case "[":
                    item = try characterClass()
                case "(":
                    index += 1
                    item = try alternation()
                    skipSpace()
                    guard peek() == ")" else { throw fail("expected )") }
                    index += 1
                default:
                    let start = index
                    while let next = peek(), next.properties.isAlphabetic || ("0"..."9").contains(next) || next == "-" {
                        index += 1
                    }
                    guard index > start else { throw fail("unexpected \(scalar)") }
                    item = .reference(String(String.UnicodeScalarView(scalars[start..<index])))
                }
                item = try postfix(item)
                items.append(item)
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func postfix(_ item: Node) throws -> Node {
            switch peek() {
            case "*":
                index += 1
                return .repeated(item, min: 0, max: nil)
            case "+":
                index += 1
                return .repeated(item, min: 1, max: nil)
            case "?":
                index += 1
                return .repeated(item, min: 0, max: 1)
            case "{":
                index += 1
                let min = try number()
                var max: Int? = min
                if peek() == "," {
                    index += 1
                    max = peek() == "}" ? nil : try number()
                }
                guard peek() == "}" else { throw fail("expected }") }
                index += 1
                if let max, max < min { throw fail("min > max") }
                if min >= 2000 || (max ?? 0) >= 2000 {
                    throw fail("repetition count reaches llama.cpp's 2000 threshold")
                }
                if case .repeated = item { throw fail("stacked repetition") }
                if Self.containsRepetition(item) {
                    throw fail(
                        "repetition nested inside a repeated group of the same rule (llama.cpp multiplies the counts)")
                }
                return .repeated(item, min: min, max: max)
            default:
                return item
            }
        }

        static func containsRepetition(_ node: Node) -> Bool {
            switch node {
            case .repeated: return true
            case .sequence(let parts), .choice(let parts): return parts.contains(where: containsRepetition)
            case .literal, .characterClass, .reference: return false
            }
        }

        mutating func number() throws -> Int {
            var value = 0
            let start = index
            while let scalar = peek(), ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 0x30)
                index += 1
            }
            guard index > start else { throw fail("expected number") }
            return value
        }

        mutating func characterClass() throws -> Node {
            index += 1
            var negated = false
            if peek() == "^" {
                negated = true
                index += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            while peek() != "]" {
                guard peek() != nil else { throw fail("unterminated class") }
                let low = try character()
                if peek() == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    let high = try character()
                    guard low <= high else { throw fail("bad range") }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            }
            index += 1
            return .characterClass(ranges: ranges, negated: negated)
        }

        /// One character of a literal or class, with llama.cpp's escapes only.
        mutating func character() throws -> UInt32 {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\" else { return scalar.value }
            guard let escape = peek() else { throw fail("dangling backslash") }
            index += 1
            switch escape {
            case "x": return try hex(2)
            case "u": return try hex(4)
            case "U": return try hex(8)
            case "t": return 0x09
            case "r": return 0x0D
            case "n": return 0x0A
            case "\\", "\"", "[", "]": return escape.value
            default: throw fail("unknown escape \\\(escape) (llama.cpp rejects it)")
            }
        }

        mutating func hex(_ digits: Int) throws -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<digits {
                guard let scalar = peek(), let digit = UInt32(String(scalar), radix: 16) else { throw fail("bad hex") }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
