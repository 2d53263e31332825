/// A pattern compiled for the backtracking matcher: every ECMA-262 construct, including the
/// ones a linear-time automaton cannot run (lookaround, backreferences, word boundaries).
struct BacktrackingProgram: Sendable {
    enum Operation: Sendable {
        case scalar(UInt32)
        case set(Int)
        /// Try the first target; on failure, come back and try the second.
        case split(Int, Int)
        case jump(Int)
        /// Record the position in a capture slot (group `n` uses slots `2n` and `2n + 1`).
        case save(Int)
        case assertStart
        case assertEnd
        case wordBoundary(negated: Bool)
        case backreference(Int)
        case lookaround(program: Int, ahead: Bool, negated: Bool)
        /// Record the position in a register, at the start of a loop iteration.
        case mark(Int)
        /// Fail if the loop iteration consumed nothing (ECMA-262's empty-check).
        case progress(Int)
        case match
    }

    /// The largest program accepted (counted repetitions are expanded).
    static let maximumOperations = 200_000

    var operations: [Operation] = []
    var sets: [RegexScalarSet] = []
    /// Programs of lookaround bodies, by index.
    var subprograms: [BacktrackingProgram] = []
    var registerCount = 0
    var captureCount = 0

    /// Compiles `node`; nil when the expansion exceeds ``maximumOperations``.
    static func compile(_ node: RegexNode) -> BacktrackingProgram? {
        var compiler = Compiler()
        var program = BacktrackingProgram()
        guard compiler.emit(node, into: &program) else { return nil }
        program.operations.append(.match)
        program.registerCount = compiler.registers
        program.captureCount = compiler.captures
        return program
    }

    private struct Compiler {
        var captures = 0
        var registers = 0
        var size = 0

        mutating func set(_ set: RegexScalarSet, in program: inout BacktrackingProgram) -> Operation {
            if let single = set.singleElement { return .scalar(single) }
            program.sets.append(set)
            return .set(program.sets.count - 1)
        }

        /// Appends the operations for `node`; false when the program grows too large.
        mutating func emit(_ node: RegexNode, into program: inout BacktrackingProgram) -> Bool {
            size += 1
            guard size <= BacktrackingProgram.maximumOperations else { return false }
            switch node {
            case .empty: return true
            case .literal(let scalar): program.operations.append(.scalar(scalar.value))
            case .characterClass(let characterClass):
                program.operations.append(set(characterClass.matchedScalars, in: &program))
            case .anyCharacter: program.operations.append(set(RegexShorthand.dotScalars, in: &program))
            case .startAnchor: program.operations.append(.assertStart)
            case .endAnchor: program.operations.append(.assertEnd)
            case .wordBoundary(let negated): program.operations.append(.wordBoundary(negated: negated))
            case .backreference(let number): program.operations.append(.backreference(number))
            case .sequence(let children):
                for child in children where !emit(child, into: &program) { return false }
            case .group(let child, let capturing):
                guard capturing else { return emit(child, into: &program) }
                captures += 1
                let group = captures
                program.operations.append(.save(2 * group))
                guard emit(child, into: &program) else { return false }
                program.operations.append(.save(2 * group + 1))
            case .alternation(let children):
                var jumps: [Int] = []
                for (index, child) in children.enumerated() {
                    if index < children.count - 1 {
                        let split = program.operations.count
                        program.operations.append(.split(split + 1, 0))
                        guard emit(child, into: &program) else { return false }
                        jumps.append(program.operations.count)
                        program.operations.append(.jump(0))
                        program.operations[split] = .split(split + 1, program.operations.count)
                    } else if !emit(child, into: &program) {
                        return false
                    }
                }
                for jump in jumps { program.operations[jump] = .jump(program.operations.count) }
            case .repetition(let child, let min, let max):
                for _ in 0..<min where !emit(child, into: &program) { return false }
                if let max {
                    var exits: [Int] = []
                    for _ in min..<Swift.max(min, max) {
                        exits.append(program.operations.count)
                        program.operations.append(.split(0, 0))
                        guard emitIteration(child, into: &program) else { return false }
                    }
                    for exit in exits { program.operations[exit] = .split(exit + 1, program.operations.count) }
                } else {
                    let loop = program.operations.count
                    program.operations.append(.split(0, 0))
                    guard emitIteration(child, into: &program) else { return false }
                    program.operations.append(.jump(loop))
                    program.operations[loop] = .split(loop + 1, program.operations.count)
                }
            case .lookaround(let child, let ahead, let negated):
                var body = BacktrackingProgram()
                guard emit(child, into: &body) else { return false }
                body.operations.append(.match)
                program.subprograms.append(body)
                program.operations.append(
                    .lookaround(program: program.subprograms.count - 1, ahead: ahead, negated: negated))
            }
            return size <= BacktrackingProgram.maximumOperations
        }

        /// One optional iteration: it must consume something, or it does not count.
        private mutating func emitIteration(_ child: RegexNode, into program: inout BacktrackingProgram) -> Bool {
            let register = registers
            registers += 1
            program.operations.append(.mark(register))
            guard emit(child, into: &program) else { return false }
            program.operations.append(.progress(register))
            return true
        }
    }
}
