import GuidedCommandLine
import GuidedJSON
import GuidedSchema

/// `guided validate SCHEMA INSTANCE`.
enum ValidateCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let paths = try arguments.checked { arguments throws(UsageError) in try arguments.expect(2, "SCHEMA INSTANCE") }
        let schema = try SchemaLoading.load(paths[0], arguments)
        let instance: GeneratedContent
        do {
            instance = try JSONReader.read(file: paths[1], rejectingDuplicateKeys: false)
        } catch {
            throw .usage(error.description)
        }
        let violations = schema.schema.violations(of: instance)
        for violation in violations { Console.out(Console.line(violation.description)) }
        if !violations.isEmpty { throw .invalid }
    }
}

/// Loading a schema file for a command, with warnings on stderr and located errors.
enum SchemaLoading {
    static func load(_ path: String, _ arguments: ParsedArguments) throws(CommandFailure) -> ImportedSchema {
        do {
            let imported = try SchemaFile.load(
                path, allowUnsupported: arguments.flag(.allowUnsupported), strict: arguments.flag(.strict))
            for warning in imported.warnings {
                Console.error(warning.rendered(severity: "warning"))
            }
            return imported
        } catch {
            throw .usage(error.description)
        }
    }
}
