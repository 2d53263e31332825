"""Reporting: one run described for the verbose output, and the closing summary with each failure's
and each borderline case's details."""

import re

from .judge import excerpt


# Set by the launcher's --full: print long outputs (20,000 characters) when describing a run.
FULL = False


def describe_run(r):
    argv = " ".join(a if re.match(r"^[\w./:=@,+-]+$", a) else repr(a if len(a) < 160 else a[:160] + "…")
                    for a in r.argv)
    lines = ["    $ " + argv, "      " + r.summary()]
    width = 20000 if FULL else 600
    if r.out.strip():
        lines.append("      stdout: " + excerpt(r.out, width=width * 2 // 3))
    if r.err.strip():
        lines.append("      stderr: " + excerpt(r.err, width=width))
    return "\n".join(lines)


def summary(results, total):
    """Prints the counts and the FAIL and BORDERLINE details; returns the exit status (1 if any case
    failed)."""
    counts = {s: sum(1 for r in results if r[3] == s) for s in ("PASS", "FAIL", "BORDERLINE")}
    print("\n%d cases in %.0f s: %d pass, %d fail, %d borderline" % (
        len(results), total, counts["PASS"], counts["FAIL"], counts["BORDERLINE"]))
    for status in ("FAIL", "BORDERLINE"):
        chosen = [r for r in results if r[3] == status]
        if not chosen:
            continue
        print("\n==== %s (%d) ====" % (status, len(chosen)))
        for kind, ident, title, _, v, elapsed in chosen:
            print("\n[%s] %s — %s" % (kind, ident, title))
            for problem in v.problems:
                print("  problem: " + problem)
            for note in v.borderline:
                print("  borderline: " + note)
            for r in v.runs:
                print(describe_run(r))
    return 1 if counts["FAIL"] else 0
