/// The help text.
enum Usage {
    static let text = """
        usage: guided <command> [options]

        commands:
          validate SCHEMA INSTANCE      check a JSON instance against a JSON Schema file;
                                        prints one line per violation (/pointer: message), exit 1 if any
          schema SCHEMA                 print the normalized JSON Schema and the lowering report
          compile SCHEMA... [--format gbnf|json-schema|json-schema-strict] [--whitespace compact|pretty] [--out DIR]
                                        compile schema files to llama.cpp GBNF (or JSON Schema for servers)
          demo                          declare, validate and export the canonical schemas

        options:
          --allow-unsupported           accept keywords Guided cannot enforce or check, as warnings

        exit codes: 0 success, 1 invalid instance, 2 bad schema or usage
        """
}
