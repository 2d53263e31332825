extension InstructionCheck {
    /// Nil when `answer` keeps this instruction, else a short reason: `"2 sentences, at most
    /// 1"`, `"no numbered list of 3"`, `"wrote the fraction 3/4"`, `"missing \"Lisbon\""`.
    ///
    /// `prompt` is the user's message the answer replies to; these checks read the answer only,
    /// and ``globalFailure(answer:prompt:)`` compares the two.
    package func failure(in answer: String, prompt: String) -> String? {
        switch self {
        case .sentences(let min, let max):
            return Self.countFailure(AnswerSentences.count(in: answer), "sentence", min: min, max: max)
        case .words(let min, let max):
            return Self.countFailure(AnswerWords.count(in: answer), "word", min: min, max: max)
        case .decimal(let expected):
            if let fraction = AnswerNumbers.firstFraction(in: answer) { return "wrote the fraction \(fraction)" }
            let stated = AnswerNumbers.decimals(in: answer).contains { abs($0 - expected) < 1e-9 }
            return stated ? nil : "no decimal \(expected)"
        case .noFraction:
            return AnswerNumbers.firstFraction(in: answer).map { "wrote the fraction \($0)" }
        case .numberedList(let count):
            return Self.numberedListFailure(answer, count)
        case .bulletList(let count):
            let bullets = answer.split(whereSeparator: \.isNewline).filter(AnswerLines.isBullet).count
            if bullets == count { return nil }
            return bullets == 0 ? "no bullet list of \(count)" : "\(bullets) bullet points, not \(count)"
        case .commaList(let count):
            return AnswerCommaList.failure(answer, count)
        case .lines(let count):
            let lines = AnswerLines.nonEmpty(answer).count
            return lines == count ? nil : "\(Self.counted(lines, "line")), not \(count)"
        case .startsWith(let options):
            return Self.startFailure(answer, options)
        case .exactly(let reply):
            return AnswerReply.comparable(answer) == AnswerReply.comparable(reply) ? nil : "not exactly \"\(reply)\""
        case .contains(let phrases):
            let missing = AnswerPhrases.missing(phrases, in: answer)
            return missing.isEmpty ? nil : "missing \(Self.quoted(missing, "and"))"
        case .containsAny(let phrases):
            return AnswerPhrases.first(of: phrases, in: answer) == nil ? "none of \(Self.quoted(phrases, "or"))" : nil
        case .forbidden(let phrases):
            return AnswerPhrases.first(of: phrases, in: answer).map { "used \"\($0)\"" }
        case .lowercase:
            let word = answer.split(whereSeparator: \.isWhitespace).first { $0.contains(where: \.isUppercase) }
            return word.map { "uppercase in \"\($0.prefix(20))\"" }
        case .notRefusal:
            return AnswerPhrases.first(of: RefusalPhrases.all, in: answer).map { "declined: \"\($0)\"" }
        }
    }

    /// `"2 sentences, at most 1"` when `count` is outside `min`…`max`, else nil.
    private static func countFailure(_ count: Int, _ noun: String, min: Int?, max: Int?) -> String? {
        if let min, count < min { return "\(counted(count, noun)), at least \(min)" }
        if let max, count > max { return "\(counted(count, noun)), at most \(max)" }
        return nil
    }

    /// Nil when the numbered lines are exactly `1` to `count`, in order.
    private static func numberedListFailure(_ answer: String, _ count: Int) -> String? {
        let numbers = answer.split(whereSeparator: \.isNewline).compactMap(AnswerLines.itemNumber)
        if numbers == Array(1...count) { return nil }
        if numbers.isEmpty { return "no numbered list of \(count)" }
        let written = numbers.prefix(12).map(String.init).joined(separator: ", ")
        return "numbered \(written), not 1 to \(count)"
    }

    /// Nil when the answer's first words are one of `options`.
    private static func startFailure(_ answer: String, _ options: [String]) -> String? {
        let matches = options.contains { option in
            let wanted = AnswerWords.words(in: option).map { $0.lowercased() }
            let found = AnswerReply.leadingWords(of: answer, count: wanted.count).map { word in
                String(word.lowercased().map(AnswerPhrases.straightened))
            }
            return !wanted.isEmpty && found == wanted.map { String($0.map(AnswerPhrases.straightened)) }
        }
        if matches { return nil }
        return "starts with \"\(AnswerReply.firstWord(of: answer))\", not \(options.joined(separator: " or "))"
    }

    /// `"1 sentence"`, `"2 sentences"`.
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `"\"a\", \"b\" and \"c\""` — the phrases quoted, the last joined by `conjunction`.
    private static func quoted(_ phrases: [String], _ conjunction: String) -> String {
        let quoted = phrases.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
    }
}
