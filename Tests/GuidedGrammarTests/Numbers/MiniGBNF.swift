/// A tiny, test-only GBNF evaluator for the subset integer-range expressions use: quoted
/// literals, character classes, parenthesised groups, alternation, and the repetitions
/// `?`, `*`, `+`, `{n}`, `{m,}`, `{m,n}`. Rule references are not supported.
///
/// Parsing is strict (an unknown construct, `{m,n}` with `m > n`, or a count above 2000 is an
/// error), so a successful parse also checks that the emitted syntax stays inside the subset.
struct MiniGBNF: Sendable {
    /// A parse failure with the byte offset where it happened.
    struct ParseError: Error, CustomStringConvertible {
        let offset: Int
        let message: String
        var description: String { "offset \(offset): \(message)" }
    }

    indirect enum Node: Sendable {
        case literal([UInt8])
        /// A character class, by index into ``classes``.
        case charClass(Int)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, min: Int, max: Int?)
    }

    /// The parsed expression.
    let root: Node
    /// Membership tables (256 entries) of the distinct character classes, indexed by
    /// `Node.charClass`.
    let classes: [[Bool]]

    /// Parses `source`, an expression of the supported subset.
    init(_ source: String) throws {
        var parser = Parser(bytes: Array(source.utf8))
        root = try parser.parseAlternation()
        parser.skipSpace()
        guard parser.position == parser.bytes.count else {
            throw ParseError(offset: parser.position, message: "unexpected trailing input")
        }
        classes = parser.classes
    }

    /// Whether the whole of `text` matches the expression. Inputs are limited to 63 bytes.
    ///
    /// Matching is bit-parallel over input positions, written with plain loops so that it
    /// stays fast in unoptimised test builds.
    func matches(_ text: String) -> Bool {
        let input = Array(text.utf8)
        precondition(input.count < 64, "MiniGBNF inputs are limited to 63 bytes")
        var context = Context(input: input, classMasks: [])
        var index = 0
        while index < classes.count {
            var mask: UInt64 = 0
            var position = 0
            while position < input.count {
                if classes[index][Int(input[position])] { mask |= UInt64(1) << UInt64(position) }
                position += 1
            }
            context.classMasks.append(mask)
            index += 1
        }
        let ends = Self.advance(root, context, from: 1)
        return ends & (UInt64(1) << UInt64(input.count)) != 0
    }

    /// Per-input data: the input and, for each character class, the mask of positions
    /// whose byte is in the class.
    private struct Context {
        let input: [UInt8]
        var classMasks: [UInt64]
    }

    /// The set of end positions (as a bit mask) reachable by matching `node` from any start
    /// position in the bit mask `starts`.
    private static func advance(_ node: Node, _ context: Context, from starts: UInt64) -> UInt64 {
        if starts == 0 { return 0 }
        switch node {
        case .literal(let bytes):
            var ends: UInt64 = 0
            var start = 0
            while start + bytes.count <= context.input.count {
                if starts & (UInt64(1) << UInt64(start)) != 0 {
                    var offset = 0
                    while offset < bytes.count && context.input[start + offset] == bytes[offset] { offset += 1 }
                    if offset == bytes.count { ends |= UInt64(1) << UInt64(start + bytes.count) }
                }
                start += 1
            }
            return ends
        case .charClass(let index):
            return (starts & context.classMasks[index]) << 1
        case .sequence(let nodes):
            var current = starts
            var index = 0
            while index < nodes.count && current != 0 {
                current = advance(nodes[index], context, from: current)
                index += 1
            }
            return current
        case .alternation(let nodes):
            var ends: UInt64 = 0
            var index = 0
            while index < nodes.count {
                ends |= advance(nodes[index], context, from: starts)
                index += 1
            }
            return ends
        case .repetition(let inner, let min, let max):
            var frontier = starts
            var count = 0
            while count < min && frontier != 0 {
                frontier = advance(inner, context, from: frontier)
                count += 1
            }
            var reached = frontier
            if let max {
                while count < max && frontier != 0 {
                    frontier = advance(inner, context, from: frontier)
                    reached |= frontier
                    count += 1
                }
            } else {
                while frontier != 0 {
                    let next = advance(inner, context, from: frontier)
                    frontier = next & ~reached
                    reached |= next
                }
            }
            return reached
        }
    }
}

private struct Parser {
    let bytes: [UInt8]
    var position = 0
    /// Distinct character classes seen so far, as 256-entry membership tables.
    var classes: [[Bool]] = []

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipSpace() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { position += 1 }
    }

    mutating func parseAlternation() throws -> MiniGBNF.Node {
        var alternatives = [try parseSequence()]
        skipSpace()
        while current == UInt8(ascii: "|") {
            position += 1
            alternatives.append(try parseSequence())
            skipSpace()
        }
        return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
    }

    private mutating func parseSequence() throws -> MiniGBNF.Node {
        var items: [MiniGBNF.Node] = []
        while true {
            skipSpace()
            guard let byte = current, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") else { break }
            var item = try parsePrimary()
            item = try parseRepetitions(of: item)
            items.append(item)
        }
        guard !items.isEmpty else { throw error("empty alternative") }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func parsePrimary() throws -> MiniGBNF.Node {
        switch current {
        case UInt8(ascii: "\""):
            position += 1
            var literal: [UInt8] = []
            while let byte = current, byte != UInt8(ascii: "\"") {
                literal.append(try parseChar())
            }
            guard current != nil else { throw error("unterminated literal") }
            position += 1
            return .literal(literal)
        case UInt8(ascii: "["):
            position += 1
            let negated = current == UInt8(ascii: "^")
            if negated { position += 1 }
            var ranges: [ClosedRange<UInt8>] = []
            while let byte = current, byte != UInt8(ascii: "]") {
                let low = try parseChar()
                if current == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] != UInt8(ascii: "]") {
                    position += 1
                    let high = try parseChar()
                    guard low <= high else { throw error("inverted class range") }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            }
            guard current != nil, !ranges.isEmpty else { throw error("bad character class") }
            position += 1
            var members = [Bool](repeating: negated, count: 256)
            for range in ranges {
                for byte in range { members[Int(byte)] = !negated }
            }
            if let known = classes.firstIndex(of: members) { return .charClass(known) }
            classes.append(members)
            return .charClass(classes.count - 1)
        case UInt8(ascii: "("):
            position += 1
            let inner = try parseAlternation()
            skipSpace()
            guard current == UInt8(ascii: ")") else { throw error("missing )") }
            position += 1
            return inner
        default:
            throw error("unsupported construct")
        }
    }

    private mutating func parseChar() throws -> UInt8 {
        guard let byte = current else { throw error("unexpected end") }
        position += 1
        guard byte == UInt8(ascii: "\\") else { return byte }
        guard let escaped = current else { throw error("dangling escape") }
        position += 1
        switch escaped {
        case UInt8(ascii: "n"): return UInt8(ascii: "\n")
        case UInt8(ascii: "t"): return UInt8(ascii: "\t")
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "]"), UInt8(ascii: "-"): return escaped
        default: throw error("unsupported escape")
        }
    }

    private mutating func parseRepetitions(of node: MiniGBNF.Node) throws -> MiniGBNF.Node {
        var node = node
        while true {
            switch current {
            case UInt8(ascii: "*"):
                position += 1
                node = .repetition(node, min: 0, max: nil)
            case UInt8(ascii: "+"):
                position += 1
                node = .repetition(node, min: 1, max: nil)
            case UInt8(ascii: "?"):
                position += 1
                node = .repetition(node, min: 0, max: 1)
            case UInt8(ascii: "{"):
                position += 1
                let min = try parseCount()
                var max: Int? = min
                if current == UInt8(ascii: ",") {
                    position += 1
                    max = current == UInt8(ascii: "}") ? nil : try parseCount()
                }
                guard current == UInt8(ascii: "}") else { throw error("missing }") }
                position += 1
                if let max, max < min { throw error("{m,n} with m > n") }
                node = .repetition(node, min: min, max: max)
            default:
                return node
            }
        }
    }

    private mutating func parseCount() throws -> Int {
        var value = 0
        var sawDigit = false
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            sawDigit = true
            position += 1
            guard value <= 2000 else { throw error("repetition count over 2000") }
        }
        guard sawDigit else { throw error("missing repetition count") }
        return value
    }

    private func error(_ message: String) -> MiniGBNF.ParseError {
        MiniGBNF.ParseError(offset: position, message: message)
    }
}
