"""Judging a run: PASS, FAIL or BORDERLINE from control characters, invalid UTF-8, forged trace lines,
planted secrets, leftover children, the expected exit code and message."""

import re
import signal

from .common import DEFAULT_RSS_MB


BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def raw_controls(data, allow_tab=True):
    """Control characters (other than LF, and tab) and invalid UTF-8 in `data`, described."""
    problems = []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        problems.append("invalid UTF-8 at byte %d (%r)" % (error.start, data[max(0, error.start - 20):error.start + 10]))
        text = data.decode("utf-8", "replace")
    bad = [c for c in text if (ord(c) < 0x20 and c != "\n" and not (allow_tab and c == "\t"))
           or 0x7f <= ord(c) <= 0x9f]
    if bad:
        first = min(text.index(c) for c in set(bad))
        problems.append("raw control characters %s, e.g. %r" % (
            sorted({"U+%04X" % ord(c) for c in bad}), text[max(0, first - 30):first + 30]))
    return problems


class Verdict:
    def __init__(self):
        self.problems = []
        self.borderline = []
        self.runs = []

    def fail(self, text):
        self.problems.append(text)

    def maybe(self, text):
        self.borderline.append(text)


def excerpt(text, around=None, width=300):
    """`text` shortened for a report: around `around` when given, else its start and end."""
    text = text.strip()
    if around and around in text:
        i = text.index(around)
        text = text[max(0, i - width // 2):i + width // 2]
    if len(text) > width:
        text = text[:width * 2 // 3] + " […] " + text[-width // 3:]
    return repr(text)


def check(v, r, rc=None, err=None, out=None, absent=(), secrets=(), max_traces=None, rss_mb=DEFAULT_RSS_MB,
          expect_signal=None, seconds=None, bidi_ok=False, text_ok=False):
    """Judges run `r` into verdict `v`.

    rc: the expected exit code or a set of them; err/out: regexes (one or a list) stderr/stdout
    must match (case-insensitive); absent: strings that must not appear anywhere; secrets: strings
    that must not appear anywhere (reported as leaks); max_traces: most `trace:` lines on stderr;
    seconds: the most time the case may take; expect_signal: the signal it should die of.
    """
    v.runs.append(r)
    if r.timed_out:
        v.fail("hang: still running after %.0f s, killed" % r.seconds)
        return
    if r.signal and r.signal != expect_signal:
        v.fail("killed by %s" % signal.Signals(r.signal).name)
    if expect_signal and r.signal != expect_signal and r.rc is not None:
        v.fail("expected death by %s, got exit %s" % (signal.Signals(expect_signal).name, r.rc))
    if r.rss_mb > rss_mb:
        v.fail("peak RSS %.0f MB, over %d MB" % (r.rss_mb, rss_mb))
    if seconds is not None and r.seconds > seconds:
        v.fail("took %.1f s, over %.0f s" % (r.seconds, seconds))
    if rc is not None and r.signal is None:
        wanted = rc if isinstance(rc, (set, frozenset, tuple, list)) else {rc}
        if r.rc not in wanted:
            v.fail("exit %s, expected %s" % (r.rc, "/".join(str(x) for x in sorted(wanted))))
    if not text_ok:
        for name, data in (("stdout", r.stdout), ("stderr", r.stderr)):
            for problem in raw_controls(data):
                v.fail("%s: %s" % (name, problem))
    if not bidi_ok:
        found = BIDI.findall(r.both)
        if found:
            v.maybe("raw bidi control %s reaches the terminal" % sorted({"U+%04X" % ord(c) for c in found}))
    for pattern in ([err] if isinstance(err, str) else (err or [])):
        if not re.search(pattern, r.err, re.I | re.S):
            v.fail("stderr does not say /%s/: %s" % (pattern, excerpt(r.err)))
    for pattern in ([out] if isinstance(out, str) else (out or [])):
        if not re.search(pattern, r.out, re.I | re.S):
            v.fail("stdout does not show /%s/: %s" % (pattern, excerpt(r.out)))
    for text in absent:
        if text in r.both:
            v.fail("output contains %r: %s" % (text, excerpt(r.both, text)))
    for secret in secrets:
        if secret and secret in r.both:
            v.fail("secret leaked (%r…): %s" % (secret[:12], excerpt(r.both, secret)))
    if max_traces is not None:
        traces = [l for l in r.err.split("\n") if l.startswith("trace:")]
        if len(traces) > max_traces:
            v.fail("%d lines start with 'trace:' (a forged trace line): %s" % (len(traces), excerpt(r.err)))
    if r.note:
        v.fail(r.note)


def verdict(r, **kw):
    v = Verdict()
    check(v, r, **kw)
    return v
