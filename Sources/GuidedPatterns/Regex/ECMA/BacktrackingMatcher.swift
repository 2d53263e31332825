/// Runs a ``BacktrackingProgram`` over a string with a budget of steps, so that a pattern
/// built to make backtracking explode (`(a+)+$` on a long run of `a`s) ends with "unknown"
/// instead of hanging the process.
struct BacktrackingMatcher {
    private enum Entry {
        case branch(pc: Int, position: Int)
        case restoreCapture(slot: Int, value: Int)
        case restoreRegister(Int, value: Int)
    }

    let input: [UInt32]
    let root: BacktrackingProgram
    private(set) var steps = 0
    let budget: Int

    init(input: [UInt32], program: BacktrackingProgram, budget: Int) {
        self.input = input
        self.root = program
        self.budget = budget
    }

    /// Whether the program matches somewhere in the input; nil when the budget ran out first.
    mutating func search() -> Bool? {
        var captures = Array(repeating: -1, count: 2 * (root.captureCount + 1))
        for start in 0...input.count {
            for index in captures.indices { captures[index] = -1 }
            guard let found = run(root, from: start, end: nil, captures: &captures) else { return nil }
            if found { return true }
        }
        return false
    }

    /// Runs `program` from `start`; with `end`, a match must stop exactly there.
    private mutating func run(_ program: BacktrackingProgram, from start: Int, end: Int?, captures: inout [Int])
        -> Bool?
    {
        var registers = Array(repeating: -1, count: root.registerCount)
        var stack: [Entry] = []
        var pc = 0
        var position = start
        while true {
            steps += 1
            guard steps <= budget else { return nil }
            var ok = true
            switch program.operations[pc] {
            case .scalar(let scalar):
                ok = position < input.count && input[position] == scalar
                if ok {
                    position += 1
                    pc += 1
                }
            case .set(let index):
                ok = position < input.count && program.sets[index].contains(input[position])
                if ok {
                    position += 1
                    pc += 1
                }
            case .split(let first, let second):
                stack.append(.branch(pc: second, position: position))
                pc = first
            case .jump(let target): pc = target
            case .save(let slot):
                stack.append(.restoreCapture(slot: slot, value: captures[slot]))
                captures[slot] = position
                pc += 1
            case .assertStart:
                ok = position == 0
                pc += 1
            case .assertEnd:
                ok = position == input.count
                pc += 1
            case .wordBoundary(let negated):
                let before = position > 0 && Self.isWord(input[position - 1])
                let after = position < input.count && Self.isWord(input[position])
                ok = (before != after) != negated
                pc += 1
            case .backreference(let group):
                let (from, to) = (captures[2 * group], captures[2 * group + 1])
                if from >= 0, to >= from {
                    let length = to - from
                    ok =
                        position + length <= input.count
                        && input[from..<to].elementsEqual(input[position..<(position + length)])
                    if ok { position += length }
                }
                pc += 1
            case .lookaround(let index, let ahead, let negated):
                var inner = captures
                var found = false
                if ahead {
                    guard let result = run(program.subprograms[index], from: position, end: nil, captures: &inner)
                    else { return nil }
                    found = result
                } else {
                    for from in stride(from: position, through: 0, by: -1) {
                        inner = captures
                        guard let result = run(program.subprograms[index], from: from, end: position, captures: &inner)
                        else { return nil }
                        if result {
                            found = true
                            break
                        }
                    }
                }
                ok = found != negated
                if ok && found {
                    for slot in captures.indices where captures[slot] != inner[slot] {
                        stack.append(.restoreCapture(slot: slot, value: captures[slot]))
                        captures[slot] = inner[slot]
                    }
                }
                pc += 1
            case .mark(let register):
                stack.append(.restoreRegister(register, value: registers[register]))
                registers[register] = position
                pc += 1
            case .progress(let register):
                ok = position != registers[register]
                pc += 1
            case .match:
                if end == nil || end == position { return true }
                ok = false
            }
            if ok { continue }
            // Backtrack: undo captures and registers back to the latest branch.
            var resumed = false
            while let entry = stack.popLast() {
                switch entry {
                case .branch(let target, let at):
                    pc = target
                    position = at
                    resumed = true
                case .restoreCapture(let slot, let value): captures[slot] = value
                case .restoreRegister(let register, let value): registers[register] = value
                }
                if resumed { break }
            }
            if !resumed { return false }
        }
    }

    private static func isWord(_ scalar: UInt32) -> Bool {
        (scalar >= 0x30 && scalar <= 0x39) || (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x61 && scalar <= 0x7A)
            || scalar == 0x5F
    }
}
