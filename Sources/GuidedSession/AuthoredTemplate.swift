public import GuidedSchema

/// Copy a person wrote, with named slots the request's facts fill: the text that ships when no
/// model output passes, and the text the model is asked to polish.
///
/// Slots are written `{name}` (letters, digits and `_`, not starting with a digit); `{{` and `}}`
/// stand for literal braces. A slot takes its value from the first fact that fills it
/// (``Fact/slots``).
///
/// ```swift
/// let template = try AuthoredTemplate("Back in {month} you wrote: \"{entry}\"")
/// let copy = try template.filled(from: [
///     Fact("1 March 2026: Fed the starter twice.", slots: ["entry": "Fed the starter twice.", "month": "March"],
///          scopes: [.goal("sourdough")]),
/// ])
/// copy.text   // Back in March you wrote: "Fed the starter twice."
/// ```
///
/// Register the output type with ``OutputPolicy/template(_:validators:cleanup:route:candidates:history:)``
/// and ask with ``GenerationRequest/init(polishing:facts:scope:examples:options:fallback:)``:
/// the filled copy is the prompt, and the fallback when the model's rewrite fails a check.
public struct AuthoredTemplate: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a template: literal text or a slot.
    enum Piece: Sendable, Hashable {
        case text(String)
        case slot(String)
    }

    /// The template as written.
    public let source: String
    let pieces: [Piece]

    /// Parses `source`. Throws ``TemplateError`` for a `{` or `}` that opens or closes no slot,
    /// or a slot name that is not an identifier.
    public init(_ source: String) throws(TemplateError) {
        self.source = source
        self.pieces = try TemplateParser.pieces(of: source)
    }

    /// The slot names, in order of first use.
    public var slots: [String] {
        var seen: [String] = []
        for case .slot(let name) in pieces where !seen.contains(name) { seen.append(name) }
        return seen
    }

    /// The copy with every slot filled from `values`. Throws ``TemplateError`` naming the first
    /// slot `values` lacks.
    public func filled(with values: [String: String]) throws(TemplateError) -> FilledTemplate {
        var text = ""
        for piece in pieces {
            switch piece {
            case .text(let literal): text += literal
            case .slot(let name):
                guard let value = values[name] else {
                    throw TemplateError(.missingSlot, "no value for the slot {\(name)}", template: source)
                }
                text += value
            }
        }
        return FilledTemplate(template: self, text: text)
    }

    /// The copy with every slot filled from the first fact that fills it (``Fact/slots``).
    /// Throws ``TemplateError`` naming the first slot no fact fills.
    public func filled(from facts: [Fact]) throws(TemplateError) -> FilledTemplate {
        var values: [String: String] = [:]
        for fact in facts {
            values.merge(fact.slots) { first, _ in first }
        }
        return try filled(with: values)
    }

    /// The template as written.
    public var description: String { source }
}

/// A template with its slots filled: the authored copy for one request.
public struct FilledTemplate: Sendable, Hashable {
    /// The template it came from.
    public var template: AuthoredTemplate
    /// The template with every slot replaced, ready to show (e.g. `Back in March you wrote:
    /// "Fed the starter twice."`); the fallback a template policy ships.
    public var text: String
}

/// A template that cannot be parsed or filled.
public struct TemplateError: GuidedError, Hashable {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// A `{` with no matching `}`, or a `}` with no `{` (write `{{` or `}}` for a brace).
        case unbalancedBrace
        /// A slot name that is not letters, digits and `_` starting with a letter or `_`.
        case invalidSlotName
        /// No value or fact fills a slot.
        case missingSlot
    }

    /// What went wrong.
    public var code: Code
    /// What, and where.
    public var message: String
    /// The template's source text as the app wrote it, e.g. `Back in {month} you wrote: "{entry}"`.
    public var template: String

    /// An error of kind `code` in the template source `template`; `message` names the slot or
    /// brace and where it is.
    public init(_ code: Code, _ message: String, template: String) {
        self.code = code
        self.message = message
        self.template = template
    }
}

extension TemplateError {
    /// `unbalancedBrace`, `invalidSlotName` or `missingSlot`.
    public var codeName: String { code.rawValue }

    /// What to do about the template or the facts.
    public var remedy: String {
        switch code {
        case .unbalancedBrace: "close each { with }, or write {{ and }} for literal braces"
        case .invalidSlotName: "name a slot with letters, digits and underscores, e.g. {entry}"
        case .missingSlot: "give a fact that fills the slot (Fact(_:slots:scopes:)), or remove the slot"
        }
    }

    /// The template itself.
    public var location: ErrorLocation { ErrorLocation("template \"\(template)\"") }
}
