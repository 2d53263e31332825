/// The help text.
enum Usage {
    static let text = """
        usage: guided <command> [options]

        commands:
          validate SCHEMA INSTANCE      check a JSON instance against a JSON Schema file;
                                        prints one line per violation (/pointer: message), exit 1 if any
          schema SCHEMA [--grounded]    print the normalized JSON Schema and the lowering report (with
                                        --grounded: for grounded decoding, in the grammar and for servers)
          compile SCHEMA... [--format gbnf|json-schema|json-schema-strict|swift] [--whitespace compact|pretty] [--out DIR]
                [--grounded --grounding FACTS]
                                        compile schema files to llama.cpp GBNF (or JSON Schema for servers, or
                                        the Swift type they declare, with its grammar)
          generate --schema SCHEMA --prompt TEXT [--instructions TEXT] [--type NAME] [--backend NAME] [--config FILE]
                   [--temperature T] [--greedy | --top-k K | --top-p P] [--seed S] [--max-tokens N] [--stream]
                   [--grounding FACTS] [--grounded] [--candidates N] [--no-quality-checks]
                   [--min-words N] [--fallback FILE] [--json]
                                        generate JSON that satisfies SCHEMA; the JSON on stdout, a trace on stderr;
                                        routed by the configuration's routes entry for --type (default: the
                                        schema file's name without .json), else its route, or --backend;
                                        --grounding: facts (one per line) rendered into the prompt and checked;
                                        --grounded: numbers, dates, ordinals and names only from those facts;
                                        --candidates: generate N per attempt, ship the best that passes;
                                        --no-quality-checks: skip the person-level checks on free text;
                                        --min-words: minimum words per string, no duplicate items;
                                        --json prints {value, source, backend, reason, attempts}
          backends [--config FILE]      each configured backend's availability and reason
          demo                          Senba's copywriter and step suggester on the embedded model, each value
                                        labelled with where it came from (model, authored template, or none)
          --version                     print the version

        options:
          --strict                      refuse keywords JSON Schema makes annotations (unknown keywords,
                                        x- extensions, other drafts' keywords, unknown formats) instead
                                        of listing them as ignored
          --allow-unsupported           accept keywords Guided cannot enforce or check, as warnings

        exit codes: 0 success, 1 invalid instance, 2 bad schema or usage
        """
}
