/// Replaces every occurrence of any of a few secrets with `[redacted]`, in time linear in the
/// text and the secrets: each secret is searched for with its Knuth–Morris–Pratt table, byte by
/// byte, so a long secret (a 4 KB bearer token) costs no more per byte of text than a short one.
///
/// Every byte that lies inside an occurrence of some secret is covered, and each run of covered
/// bytes becomes one `[redacted]`, so overlapping or adjacent occurrences (a password inside its
/// `user:password` pair) leave no piece behind. ``Stream`` does the same for text that arrives in
/// pieces, holding back only an ending that could still be the start of a secret.
package struct SecretRedactor: Sendable {
    /// What stands in for a secret.
    package static let replacement = "[redacted]"

    struct Pattern: Sendable {
        let bytes: [UInt8]
        /// `failure[i]`: the length of the longest proper prefix of `bytes[0...i]` that is also its suffix.
        let failure: [Int]

        init(_ secret: String) {
            bytes = Array(secret.utf8)
            var failure = [Int](repeating: 0, count: bytes.count)
            var length = 0
            for index in bytes.indices.dropFirst() {
                while length > 0, bytes[index] != bytes[length] { length = failure[length - 1] }
                if bytes[index] == bytes[length] { length += 1 }
                failure[index] = length
            }
            self.failure = failure
        }

        /// The matched length after `byte`, from `state` (below the secret's length).
        func step(_ state: Int, _ byte: UInt8) -> Int {
            var state = state
            while state > 0, bytes[state] != byte { state = failure[state - 1] }
            return bytes[state] == byte ? state + 1 : 0
        }
    }

    let patterns: [Pattern]

    /// A redactor for `secrets` (empty ones are ignored).
    package init(secrets: [String]) {
        patterns = Set(secrets.filter { !$0.isEmpty }).map(Pattern.init)
    }

    /// True when there is no secret to redact.
    package var isEmpty: Bool { patterns.isEmpty }

    /// `text` with every secret replaced.
    package func redact(_ text: String) -> String {
        guard !isEmpty else { return text }
        var stream = Stream(self)
        stream.append(text)
        return stream.finish()
    }

    /// Text that grows piece by piece (a streamed response), redacted as it comes: each piece
    /// costs its own length, however long the text already is.
    package struct Stream: Sendable {
        let patterns: [Pattern]
        /// Per pattern, how many of its first bytes the text currently ends with (fewer than all).
        var states: [Int]
        /// Bytes not yet final: `held[heldHead...]` starts at absolute position `heldStart`.
        var held: [UInt8] = []
        var heldHead = 0
        var heldStart = 0
        /// Bytes fed so far.
        var position = 0
        /// Covered ranges (absolute, sorted, disjoint, not touching) from `coveredHead` on.
        var covered: [Range<Int>] = []
        var coveredHead = 0
        /// Whether the last thing shown was a `[redacted]`, so an adjacent covered run joins it.
        var endsRedacted = false
        /// The redacted text that is final: no later piece can turn any of it into a secret.
        package private(set) var shown = ""

        /// An empty stream redacted by `redactor`.
        package init(_ redactor: SecretRedactor) {
            patterns = redactor.patterns
            states = Array(repeating: 0, count: redactor.patterns.count)
        }

        /// Adds `piece`; ``shown`` grows by what is now final.
        package mutating func append(_ piece: String) {
            guard !patterns.isEmpty else {
                shown += piece
                return
            }
            for byte in piece.utf8 {
                held.append(byte)
                for index in patterns.indices {
                    let pattern = patterns[index]
                    var state = pattern.step(states[index], byte)
                    if state == pattern.bytes.count {
                        cover(position + 1 - state..<position + 1)
                        state = pattern.failure[state - 1]
                    }
                    states[index] = state
                }
                position += 1
            }
            // A secret that is still to complete started within the longest partial match.
            emit(upTo: position - (states.max() ?? 0))
        }

        /// Everything, the held-back ending included: the whole redacted text.
        package mutating func finish() -> String {
            emit(upTo: position)
            return shown
        }

        private mutating func cover(_ range: Range<Int>) {
            var lower = range.lowerBound
            while covered.count > coveredHead, let last = covered.last, last.upperBound >= lower {
                lower = min(lower, last.lowerBound)
                covered.removeLast()
            }
            covered.append(lower..<range.upperBound)
        }

        private mutating func emit(upTo boundary: Int) {
            var next = heldStart
            while next < boundary {
                let range = coveredHead < covered.count ? covered[coveredHead] : nil
                if let range, range.lowerBound <= next {
                    if !endsRedacted { shown += SecretRedactor.replacement }
                    endsRedacted = true
                    next = min(range.upperBound, boundary)
                    if range.upperBound <= boundary { coveredHead += 1 }
                } else {
                    let end = min(range?.lowerBound ?? boundary, boundary)
                    let from = heldHead + next - heldStart
                    shown += String(decoding: held[from..<(from + end - next)], as: UTF8.self)
                    endsRedacted = false
                    next = end
                }
            }
            heldHead += max(0, boundary - heldStart)
            heldStart = max(heldStart, boundary)
            if heldHead > 4096, heldHead * 2 > held.count {
                held.removeFirst(heldHead)
                heldHead = 0
            }
            if coveredHead > 64, coveredHead * 2 > covered.count {
                covered.removeFirst(coveredHead)
                coveredHead = 0
            }
        }
    }
}
