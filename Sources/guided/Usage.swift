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
                   [--min-words N] [--examples FILE] [--fallback FILE] [--judge-threshold T] [--json]
                                        generate JSON that satisfies SCHEMA; the JSON on stdout, a trace on stderr;
                                        routed by the configuration's routes entry for --type (default: the
                                        schema file's name without .json), else its route, or --backend;
                                        --grounding: facts (one per line) rendered into the prompt and checked;
                                        --grounded: numbers, dates, ordinals and names only from those facts;
                                        --candidates: generate N per attempt, ship the best that passes;
                                        --no-quality-checks: skip the person-level checks on free text;
                                        --min-words: minimum words per string, no duplicate items;
                                        --examples: worked examples [{input, facts, output}] replacing the
                                        schema file's (examples, x-guided-examples) or the derived ones;
                                        --judge-threshold: a judge ships only a candidate its model
                                        scores at T (0 to 1) or more, else the fallback (judgeRefused);
                                        --json prints {value, source, backend, reason, attempts}
          respond --prompt TEXT [--instructions TEXT] [--temperature T] [--greedy | --top-k K | --top-p P]
                  [--seed S] [--max-tokens N] [--stop TEXT] [--whole-sentences] [--stream] [--config FILE]
                  [--backend NAME] [--json]
                                        free text: the answer on stdout, a trace on stderr; it ends at the prompt
                                        format's next section, at --stop, or at --max-tokens (marked truncated;
                                        --whole-sentences keeps its last whole sentence); --stream prints it as it
                                        grows; --json prints {text, source, backend, reason, truncated, tokens, attempts}
          chat [--instructions TEXT] [--config FILE] [--backend NAME]
                                        a conversation in the terminal, each answer streamed; /help lists the
                                        settings commands (/instructions, /temperature, /sampling, /seed, /tokens,
                                        /reset, /quit); Ctrl-C cancels an answer, Ctrl-D leaves
          backends [--config FILE]      each configured backend's availability and reason
          models [--json]               the model catalogue: each model, how it is prompted, its licence and
                                        whether it is installed (--json: the catalogue scripts/setup-model reads)
          --version                     print the version

        options:
          --strict                      refuse keywords JSON Schema makes annotations (unknown keywords,
                                        x- extensions, other drafts' keywords, unknown formats) instead
                                        of listing them as ignored
          --allow-unsupported           accept keywords Guided cannot enforce or check, as warnings

        exit codes: 0 success, 1 invalid instance (validate), 2 bad schema, configuration or usage,
                    3 no output (generate, respond: no backend produced one and there was no fallback),
                    4 the output could not be written (a full disk, a closed pipe)
        """
}
