"""Settings and text helpers every part of the probe shares: where the binaries are, the limits, the
hostile text, JSON string spelling."""

import json
import os


# scripts/probe_suite/common.py: the repository is three folders up (scripts/probe was two).
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("GUIDED_PROBE_BIN", ".build/debug")
if not os.path.isabs(BIN):
    BIN = os.path.join(REPO, BIN)
TOOLS = ["guided", "copywriter", "step-suggester", "librarian", "config-swap"]

CASE_TIMEOUT = 30.0
ADDRESS_SPACE = 4_000_000 * 1024  # ulimit -v 4000000
DEFAULT_RSS_MB = 600

# Text no terminal should get raw: an OSC 52 clipboard write, an OSC 8 hyperlink, a screen clear,
# a DCS, a backspace, a BEL, a CR, a NUL, a line break that starts a forged trace line, C1 CSI,
# C1 OSC, NEL and a DEL.
HOSTILE = ("boom \x1b]52;c;cHduZWQ=\x07\x1b]8;;http://evil.example/\x1b\\link\x1b]8;;\x1b\\"
           "\x1b[2J\x1bP1$r\x1b\\\x08\x08\x07\rover\x00\ntrace: forged: ok\x9b31m\x9d0;t\x07\x85\x7fend")


def escaped_json(text):
    """`text` with every UTF-16 unit as a JSON \\uXXXX escape."""
    units = text.encode("utf-16-be")
    return "".join("\\u%02x%02x" % (units[i], units[i + 1]) for i in range(0, len(units), 2))


def jq(text):
    """`text` as a JSON string literal (control characters escaped, non-ASCII raw)."""
    return json.dumps(text, ensure_ascii=False)
