/// What a grammar allows after the value for a completion prompt whose examples read
/// `Output: {…}` and then a blank line (``GrammarOptions/completionFrame``).
///
/// A base model that has written the value goes on the way its examples do, with its own token
/// `\n\n`. A grammar that ends at the value refuses it, and llama.cpp then applies the grammar to
/// the whole vocabulary (262k tokens for Gemma 3) and samples again, which costs several ordinary
/// tokens. The frame accepts up to two line breaks after the value, and the request stops at the
/// first (``stop``), which compact JSON never holds; the server leaves the stop out of the text.
///
/// It accepts nothing before the value. A leading space (` {`, the token the model continues
/// `Output:` with) was measured too: it saves one more refusal, but it changes what the model
/// writes from the first token on, and the README's quick start no longer shipped
/// (docs/measured.md).
package enum CompletionFrame {
    /// The stop sequence a framed request sends.
    package static let stop = "\n"

    /// The root rule's body around `value` (a rule name or an inline expression).
    static func rule(around value: String) -> String {
        value + #" "\n"{0,2}"#
    }

    /// `text` without the line breaks after the value, which a server that ignores the stop
    /// sequence would return.
    package static func value(of text: String) -> String {
        var value = Substring(text)
        while value.hasSuffix("\n") { value = value.dropLast() }
        return String(value)
    }
}
