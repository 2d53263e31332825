/// Splits a template's source into literal text and `{slot}` pieces.
enum TemplateParser {
    static func pieces(of source: String) throws(TemplateError) -> [AuthoredTemplate.Piece] {
        var pieces: [AuthoredTemplate.Piece] = []
        var literal = ""
        var index = source.startIndex
        func fail(_ code: TemplateError.Code, _ message: String) -> TemplateError {
            TemplateError(
                code, message + " at character \(source.distance(from: source.startIndex, to: index) + 1)",
                template: source)
        }
        while index < source.endIndex {
            let character = source[index]
            let next = source.index(after: index)
            if character == "{" || character == "}", next < source.endIndex, source[next] == character {
                literal.append(character)
                index = source.index(after: next)
                continue
            }
            if character == "}" { throw fail(.unbalancedBrace, "a \"}\" closes no slot (write \"}}\" for a brace)") }
            guard character == "{" else {
                literal.append(character)
                index = next
                continue
            }
            guard let close = source[next...].firstIndex(where: { $0 == "}" || $0 == "{" }), source[close] == "}" else {
                throw fail(.unbalancedBrace, "a \"{\" opens a slot that never closes (write \"{{\" for a brace)")
            }
            let name = String(source[next..<close])
            guard isIdentifier(name) else {
                throw fail(.invalidSlotName, "the slot name \"\(name)\" is not an identifier (letters, digits, _)")
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.slot(name))
            index = source.index(after: close)
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return pieces
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }
}
