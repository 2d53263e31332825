import GuidedSchema

/// Rejects text whose words do not make a sentence: what a model forced into a small
/// vocabulary writes ("Of the board in the water", "learn It to swim", "Swim with the").
///
/// Per string, at most one rejection per reason:
/// - `"badSentenceOpener"`: a sentence opens with a word in ``openers`` (default
///   `EnglishFunctionWords.discouragedOpeners`: `and`, `or`, `but`, `nor`, `of`, `than`).
///   A sentence opens at the start of the string and after `.`, `!`, `?`, `…`, `:`, `;` or a
///   line break. Prepositions are not in the default list: "With the board, kick" is good.
/// - `"capitalizedFunctionWord"`: a word written capitalized (`It`, `The`; not `IT`, and
///   never the one-letter `A` or `I`) that is an article, preposition, conjunction, possessive
///   or pronoun (`EnglishFunctionWords`, `EnglishPronouns`), in the middle of a sentence:
///   not opening one, not right after an opening quote or bracket. Allowed when the next
///   word, in the same sentence, is capitalized too (a title or name: "The Hobbit", "Of
///   Mice and Men"), when the grounding writes the same word capitalized mid-sentence, and
///   in a title-cased string (every word that is not a stopword capitalized, at least two).
/// - `"danglingEnding"`: the last word is an article (`a`, `an`, `the`), a conjunction of
///   `EnglishFunctionWords.danglingConjunctions` (`and`, `or`, `but`, `nor`, `than`,
///   `because`, `if`) or a possessive (`my`, `your`, `our`, `their`, `its`), whatever
///   punctuation follows. Or it is a preposition of
///   `EnglishFunctionWords.danglingPrepositions` (`of`, `to`, `with`, `at`, `for`, `from`,
///   …), except where English strands one: the string ends with `?` ("What are you waiting
///   for?"); the word before is a particle (`up`, `out`, `in`, `on`, `off`, `down`, `back`,
///   `over`, `away`, `along`: "the class you signed up for"), an `-ing` form of five letters
///   or more ("worth working toward") or a past-tense verb ("the goal you wrote about"); or
///   `to` stands two words before ("a friend to swim with"). "Kick with the board to" fails.
///   Particles that end phrasal verbs (`up`, `in`, `out`, `before`: "Warm up") never count.
package struct WordSaladValidator: OutputValidator {
    /// Words that may not open a sentence, lowercase.
    package var openers: Set<String>
    /// The strings checked: nil for every free-text string (strings whose schema is an
    /// `enum`, `const`, `format` or `pattern` are skipped); otherwise every string at or under
    /// each pointer.
    package var pointers: [JSONPointer]?

    /// Rejects sentences opening with `openers`, stray capitalized function words and
    /// dangling endings.
    /// - Parameter openers: Words a sentence should not open with; nil for Guided's English list
    ///   (function words such as `and`, `of`, `the`).
    public init(openers: Set<String>? = nil, at pointers: [JSONPointer]? = nil) {
        self.openers = openers ?? EnglishFunctionWords.discouragedOpeners
        self.pointers = pointers
    }

    /// `"wordSalad"`.
    public var name: String { "wordSalad" }

    /// `"badSentenceOpener"`, `"capitalizedFunctionWord"`, then `"danglingEnding"`, per string.
    public func check(_ output: GeneratedContent, in context: ValidationContext) -> [Rejection] {
        let groundedCapitals = Set(
            context.grounding.flatMap(WordTokenizer.tokens(in:)).filter { $0.isCapitalized && !$0.startsSentence }.map(
                \.text))
        return output.freeTextStrings(pointers, schema: context.schema).flatMap { leaf in
            let words = WordTokenizer.tokens(in: leaf.text)
            var found: [Rejection] = []
            if let opener = words.first(where: { $0.startsSentence && openers.contains($0.lowercased) }) {
                found.append(rejection("badSentenceOpener", leaf, "a sentence opens with \"\(opener.text)\""))
            }
            if let word = Self.strayCapital(words, groundedCapitals) {
                found.append(rejection("capitalizedFunctionWord", leaf, "\"\(word)\" is capitalized mid-sentence"))
            }
            if let last = words.last, Self.dangles(words, question: TextCleanup.trimmed(leaf.text).hasSuffix("?")) {
                found.append(rejection("danglingEnding", leaf, "ends on \"\(last.text)\""))
            }
            return found
        }
    }

    /// The first capitalized function word mid-sentence, by the rules above, or nil.
    static func strayCapital(_ words: [WordToken], _ groundedCapitals: Set<String>) -> String? {
        let content = words.filter { $0.hasLetter && !EnglishStopwords.contains($0.lowercased) }
        if content.count >= 2, content.allSatisfy(\.isCapitalized) { return nil }
        for (index, word) in words.enumerated() where !word.startsSentence && !word.followsOpeningMark {
            guard word.text.count >= 2, word.isCapitalized, word.text.dropFirst().allSatisfy(\.isLowercase),
                capitalizableFunctionWords.contains(word.lowercased), !groundedCapitals.contains(word.text)
            else { continue }
            if index + 1 < words.count, words[index + 1].isCapitalized, !words[index + 1].startsSentence { continue }
            return word.text
        }
        return nil
    }

    /// Whether text ending on `words` dangles, by the rules above; `question` when it ends
    /// with `?`.
    static func dangles(_ words: [WordToken], question: Bool) -> Bool {
        guard let last = words.last?.lowercased else { return false }
        if EnglishFunctionWords.articles.contains(last) || EnglishFunctionWords.danglingConjunctions.contains(last)
            || EnglishFunctionWords.possessives.contains(last)
        {
            return true
        }
        guard EnglishFunctionWords.danglingPrepositions.contains(last), !question else { return false }
        let before = words.dropLast().last
        if let before {
            let word = before.lowercased
            if strandingParticles.contains(word) || (word.hasSuffix("ing") && word.count >= 5)
                || PastTenseVerbs.contains(before.text)
            {
                return false
            }
        }
        return !(words.count >= 3 && words[words.count - 3].lowercased == "to")
    }

    private static let strandingParticles: Set<String> = [
        "up", "out", "in", "on", "off", "down", "back", "over", "away", "along",
    ]

    private static let capitalizableFunctionWords: Set<String> = EnglishFunctionWords.articles
        .union(EnglishFunctionWords.prepositions).union(EnglishFunctionWords.conjunctions)
        .union(EnglishFunctionWords.possessives).union(EnglishPronouns.all.subtracting(["i", "im", "ive"]))

    private func rejection(_ reason: String, _ leaf: StringLeaf, _ what: String) -> Rejection {
        Rejection(
            validator: name, reason: reason, pointer: leaf.pointer, detail: "\(what): \(Excerpt.quoted(leaf.text))")
    }
}
