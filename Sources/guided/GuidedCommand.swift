import GuidedCommandLine

/// The commands of `guided`, each with what it takes besides options and what it does.
enum GuidedCommand: String, CommandLineCommand {
    case validate, schema, compile, generate, respond, chat, backends, models

    var operands: String {
        switch self {
        case .validate: "SCHEMA INSTANCE"
        case .schema: "SCHEMA"
        case .compile: "SCHEMA..."
        case .generate, .respond, .chat, .backends, .models: ""
        }
    }

    var summary: String {
        switch self {
        case .validate:
            "check a JSON instance against a JSON Schema file; prints one line per violation (/pointer: message),"
                + " exit 1 if any"
        case .schema: "print the normalized JSON Schema and the lowering report"
        case .compile:
            "compile schema files to llama.cpp GBNF (or JSON Schema for servers, or the Swift type they declare,"
                + " with its grammar)"
        case .generate:
            "generate JSON that satisfies SCHEMA: the JSON on stdout, a trace on stderr; routed by the"
                + " configuration's routes entry for --type, else its route, or --backend; when no output passes,"
                + " the authored fallback ships"
        case .respond:
            "free text: the answer on stdout, a trace on stderr; it ends at the prompt format's next section, at"
                + " --stop, or at --max-tokens"
        case .chat:
            "a conversation in the terminal, each answer streamed; /help lists the settings commands"
                + " (/instructions, /temperature, /sampling, /seed, /tokens, /reset, /quit); Ctrl-C cancels an"
                + " answer, Ctrl-D leaves"
        case .backends: "each configured backend's availability and reason"
        case .models:
            "the model catalogue: each model, how it is prompted, its licence and whether it is installed"
        }
    }
}
