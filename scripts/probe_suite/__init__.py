"""The bad-input probe of `guided` and the Senba example tools, as a package; `scripts/probe` is its
entry point, and its docstring says what the probe does and how to run it.

The modules, each with one job:

    common     where the binaries are, the limits, the hostile text, JSON string spelling
    servers    the fault servers (llama-server, Ollama and OpenAI speaking threads on 127.0.0.1)
    runner     running a case's process (limits, peak memory, process-group kill, environment)
    judge      deciding PASS, FAIL or BORDERLINE for a run
    fixtures   the shared inputs and builders of backends and configurations
    registry   the case list and the @case and @with_server decorators
    managed    the stand-in managed llama-server and its wrapper scripts
    report     describing runs and printing the closing summary
    cases_*    the cases, grouped by kind, in the order they run
"""

import importlib

# The case files in the order their cases run and are listed (ids and order as before the split).
CASE_MODULES = [
    "cases_crash", "cases_hangs", "cases_hangs_config", "cases_memory", "cases_secrets", "cases_wrong",
    "cases_terminal", "cases_writes", "cases_encoding_schemas", "cases_pools_librarian", "cases_unclear",
    "cases_http", "cases_syntax", "cases_numbers", "cases_examples",
]


def all_cases():
    """Every case as (kind, id, title, function), in order: importing a case file registers its cases."""
    from .registry import CASES
    for name in CASE_MODULES:
        importlib.import_module("." + name, __name__)
    return CASES
