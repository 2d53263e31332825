/// Web addresses, domains, e-mail addresses and handles in a text: specifics a model can invent
/// as easily as a name or a number, found by their shape rather than by words.
///
/// - a **link**: `scheme://…` or `www.…` up to the next space, or a domain — labels of letters,
///   digits and hyphens joined by dots, the last of two or more letters (`shop.example`,
///   `docs.example.co.uk`); `e.g.`, `a.m.` and `3.5` are not domains;
/// - an **address**: `local@domain`;
/// - a **handle**: `@name` at the start of a word.
///
/// Each is given lowercased, without the punctuation that ends a sentence after it, so that it
/// can be looked for in the facts as it stands.
package enum ContactSpecifics {
    /// What kind of specific a match is.
    package enum Kind: String, Sendable, Hashable {
        /// A URL or a domain.
        case link
        /// An e-mail address.
        case address
        /// A social handle.
        case handle
    }

    /// The specifics in `text`, in order.
    package static func find(in text: String) -> [(kind: Kind, text: String)] {
        text.split(whereSeparator: { $0.isWhitespace || "()<>\"'“”‘’[]{}".contains($0) }).compactMap { piece in
            let word = String(piece).lowercased().trimmingTrailing(".,;:!?")
            guard word.count >= 3 else { return nil }
            if word.contains("://") || word.hasPrefix("www.") { return (.link, word) }
            if let at = word.firstIndex(of: "@") {
                if at == word.startIndex {
                    let name = word.dropFirst()
                    return !name.isEmpty && name.allSatisfy(isHandleCharacter) ? (.handle, word) : nil
                }
                let domain = word[word.index(after: at)...]
                return isDomain(domain) ? (.address, word) : nil
            }
            let host = word.split(separator: "/", maxSplits: 1).first.map(String.init) ?? word
            return isDomain(host[...]) ? (.link, word) : nil
        }
    }

    /// Whether `text` is a domain: two or more non-empty labels of letters, digits and hyphens,
    /// the last all letters and at least two long.
    static func isDomain(_ text: Substring) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2, last.allSatisfy(\.isASCIILetter) else {
            return false
        }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" }
        } && labels.dropLast().contains { $0.count >= 2 || $0.contains(where: \.isASCIIDigit) }
    }

    static func isHandleCharacter(_ character: Character) -> Bool {
        character.isASCIILetter || character.isASCIIDigit || character == "_" || character == "."
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    /// The text without any of `characters` at its end.
    fileprivate func trimmingTrailing(_ characters: String) -> String {
        var text = self
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return text
    }
}
