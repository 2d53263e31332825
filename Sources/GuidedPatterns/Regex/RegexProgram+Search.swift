/// Position-set (Pike VM without captures) simulation: linear in
/// `input length × program size`, no backtracking.
extension RegexProgram {
    /// `true` if the program matches a substring of `input` (ECMA-262 search semantics).
    func searches(_ input: [UInt32]) -> Bool {
        var state = SearchState(count: instructions.count)
        var current: [Int] = []
        var next: [Int] = []
        for position in 0...input.count {
            // Seed a new attempt at every position: unanchored search.
            if addThread(0, at: position, inputCount: input.count, into: &current, state: &state) { return true }
            guard position < input.count, !current.isEmpty else {
                if position < input.count {
                    state.generation &+= 1
                    continue
                }
                break
            }
            let scalar = input[position]
            state.generation &+= 1
            next.removeAll(keepingCapacity: true)
            for pc in current where consumes(instructions[pc], scalar) {
                if addThread(pc + 1, at: position + 1, inputCount: input.count, into: &next, state: &state) {
                    return true
                }
            }
            swap(&current, &next)
        }
        return false
    }

    private func consumes(_ instruction: Instruction, _ scalar: UInt32) -> Bool {
        switch instruction {
        case .scalar(let value): return value == scalar
        case .set(let index): return sets[index].contains(scalar)
        default: return false
        }
    }

    /// Adds the epsilon closure of `pc` to `list`; returns true if it reaches `.match`.
    private func addThread(
        _ pc: Int, at position: Int, inputCount: Int,
        into list: inout [Int], state: inout SearchState
    ) -> Bool {
        state.stack.removeAll(keepingCapacity: true)
        state.stack.append(pc)
        while let pc = state.stack.popLast() {
            if state.marks[pc] == state.generation { continue }
            state.marks[pc] = state.generation
            switch instructions[pc] {
            case .match: return true
            case .jump(let target): state.stack.append(target)
            case .split(let first, let second):
                state.stack.append(second)
                state.stack.append(first)
            case .assertStart: if position == 0 { state.stack.append(pc + 1) }
            case .assertEnd: if position == inputCount { state.stack.append(pc + 1) }
            case .scalar, .set: list.append(pc)
            }
        }
        return false
    }
}

/// Scratch space for one search.
struct SearchState {
    var marks: [UInt32]
    var generation: UInt32 = 1
    var stack: [Int] = []

    init(count: Int) {
        marks = Array(repeating: 0, count: count)
    }
}
