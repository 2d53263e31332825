/// A Thompson NFA compiled from a ``RegexNode``, run by ``RegexProgram/searches(_:)``.
///
/// Counted repetitions are expanded (`x{2,4}` becomes `x x (x (x)?)?`), so
/// the program size is bounded by ``RegexProgram/maximumInstructions``.
final class RegexProgram: Sendable {
    /// Largest program accepted; bigger patterns are rejected at init.
    static let maximumInstructions = 200_000

    enum Instruction: Sendable {
        /// Consume this exact scalar, continue at the next instruction.
        case scalar(UInt32)
        /// Consume a scalar of `sets[index]`, continue at the next instruction.
        case set(Int)
        /// Continue at both targets.
        case split(Int, Int)
        /// Continue at the target.
        case jump(Int)
        /// Continue at the next instruction if at the start of the input.
        case assertStart
        /// Continue at the next instruction if at the end of the input.
        case assertEnd
        /// A match has been found.
        case match
    }

    let instructions: [Instruction]
    let sets: [RegexScalarSet]

    init(instructions: [Instruction], sets: [RegexScalarSet]) {
        self.instructions = instructions
        self.sets = sets
    }

    /// Number of instructions `node` compiles to (saturating at `Int.max / 4`).
    static func size(of node: RegexNode) -> Int {
        let cap = Int.max / 4
        func clamp(_ value: Int) -> Int { Swift.min(value, cap) }
        switch node {
        case .empty: return 0
        case .literal, .characterClass, .anyCharacter, .startAnchor, .endAnchor: return 1
        case .sequence(let children): return clamp(children.reduce(0) { clamp($0 + size(of: $1)) })
        case .alternation(let children): return clamp(children.reduce(0) { clamp($0 + size(of: $1) + 2) })
        case .group(let child, _): return size(of: child)
        case .lookaround, .backreference, .wordBoundary: return cap // outside the subset: never compiled here
        case .repetition(let child, let min, let max):
            let body = size(of: child)
            let copies = max ?? (min + 1)
            let (product, overflow) = (body + 1).multipliedReportingOverflow(by: Swift.max(copies, 1))
            return overflow ? cap : clamp(product + 2)
        }
    }

    /// Compiles `node`; the caller has checked ``size(of:)`` first.
    static func compile(_ node: RegexNode) -> RegexProgram {
        var compiler = Compiler()
        compiler.emit(node)
        compiler.instructions.append(.match)
        return RegexProgram(instructions: compiler.instructions, sets: compiler.sets)
    }

    private struct Compiler {
        var instructions: [Instruction] = []
        var sets: [RegexScalarSet] = []
        var setIndex: [RegexScalarSet: Int] = [:]

        mutating func set(_ set: RegexScalarSet) -> Instruction {
            if let single = set.singleElement { return .scalar(single) }
            if let index = setIndex[set] { return .set(index) }
            sets.append(set)
            setIndex[set] = sets.count - 1
            return .set(sets.count - 1)
        }

        mutating func emit(_ node: RegexNode) {
            switch node {
            case .empty: break
            case .literal(let scalar): instructions.append(.scalar(scalar.value))
            case .characterClass(let characterClass): instructions.append(set(characterClass.matchedScalars))
            case .anyCharacter: instructions.append(set(RegexShorthand.dotScalars))
            case .startAnchor: instructions.append(.assertStart)
            case .lookaround, .backreference, .wordBoundary: break // never reached: size(of:) rejects them
            case .endAnchor: instructions.append(.assertEnd)
            case .group(let child, _): emit(child)
            case .sequence(let children):
                for child in children { emit(child) }
            case .alternation(let children): emitAlternation(children[...])
            case .repetition(let child, let min, let max): emitRepetition(child, min: min, max: max)
            }
        }

        mutating func emitAlternation(_ children: ArraySlice<RegexNode>) {
            guard children.count > 1 else {
                if let only = children.first { emit(only) }
                return
            }
            let split = instructions.count
            instructions.append(.split(0, 0))
            emit(children.first!)
            let jump = instructions.count
            instructions.append(.jump(0))
            let second = instructions.count
            emitAlternation(children.dropFirst())
            instructions[split] = .split(split + 1, second)
            instructions[jump] = .jump(instructions.count)
        }

        mutating func emitRepetition(_ child: RegexNode, min: Int, max: Int?) {
            for _ in 0..<min { emit(child) }
            guard let max else {
                // Star: L: split body, out; body; jump L; out:
                let loop = instructions.count
                instructions.append(.split(0, 0))
                emit(child)
                instructions.append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
                return
            }
            var pendingSplits: [Int] = []
            for _ in min..<Swift.max(min, max) {
                pendingSplits.append(instructions.count)
                instructions.append(.split(0, 0))
                emit(child)
            }
            let out = instructions.count
            for split in pendingSplits { instructions[split] = .split(split + 1, out) }
        }
    }
}
