import CanonicalSchemas
import GuidedGrammar
import GuidedSchema

/// `guided demo`: the tour of the schema core on the two canonical types: declare, export,
/// compile, decode, and validate a good and a bad output.
enum DemoCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        Console.out("== StepSuggestions, declared in Swift ==")
        let schema = StepSuggestions.generationSchema
        Console.out(schema.jsonSchema().jsonText(.pretty))
        do {
            let grammar = try GrammarCompiler.compile(schema)
            Console.out("\n== its GBNF grammar ==\n" + grammar.gbnf)
            Console.out(grammar.report.description)
        } catch {
            throw .usage(error.description)
        }

        let good: GeneratedContent = ["steps": ["Find a pool nearby", "Book a beginner lesson", "Practise floating for 10 minutes"]]
        let bad: GeneratedContent = ["steps": ["Find a pool nearby", ""]]
        Console.out("\n== validating a good output ==")
        Console.out(schema.violations(of: good).isEmpty ? "valid" : "INVALID")
        if let typed = try? StepSuggestions(good) { Console.out("decoded: \(typed.steps)") }
        Console.out("\n== validating a bad output ==")
        for violation in schema.violations(of: bad) { Console.out(violation.description) }

        Console.out("\n== RewrittenNotification ==")
        let notification = RewrittenNotification(text: "Your parcel 1Z999 arrives Friday instead of Thursday.")
        Console.out(notification.generatedContent.jsonText())
        Console.out(RewrittenNotification.generationSchema.validates(notification.generatedContent) ? "valid" : "INVALID")
        Console.out("\n(generation with the embedded model is not wired in yet: this tour shows the schema core.)")
    }
}
