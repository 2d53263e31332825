"""Cases, part 5e: pools of members with different capabilities, librarian dates and archives."""

import json
import os
import re

from .servers import FaultServer, answer
from .runner import run
from .judge import Verdict, check, excerpt, verdict
from .fixtures import ARCHIVE, config, generate_args
from .registry import case


# --- pools with members of different capabilities --------------------------------------------

def pool_case(label):
    def fn(env, fx):
        llama = FaultServer("llama", answer('{"text":"From the llama member."}'))
        openai = FaultServer("openai", answer('{"text":"From the openai member."}'))
        try:
            members = {"mixed": [{"kind": "openai-compatible", "url": openai.url, "model": "m", "dialect": "openai"},
                                 {"kind": "llama-server", "url": llama.url}],
                       "openai-only": [{"kind": "openai-compatible", "url": openai.url, "model": "m",
                                        "dialect": "openai"}],
                       "mixed-greedy": [{"kind": "openai-compatible", "url": openai.url, "model": "m",
                                         "dialect": "openai"}, {"kind": "llama-server", "url": llama.url}]}[label]
            cfg = config(env, {"name": "p", "kind": "pool", "members": members})
            flag = ["--greedy"] if label == "mixed-greedy" else ["--top-k", "40"]
            runs = []
            for _ in range(2 if label != "openai-only" else 1):
                runs.append(run(env, "guided", generate_args(fx, cfg, *flag)))
            v = Verdict()
            for r in runs:
                if label == "mixed":
                    check(v, r, rc=0, out=r"From the llama member")
                elif label == "openai-only":
                    check(v, r, rc=3, err=r"top-?k|unsupported")
                else:
                    check(v, r, rc=0)
            if label != "mixed-greedy":
                sent = [q for q in openai.hits("/v1/chat/completions")]
                if sent:
                    v.fail("the OpenAI member (no top-k) was sent %d request(s) for a top-k request%s" % (
                        len(sent), "" if b"top_k" in sent[0].body else ", without top_k"))
            return v
        finally:
            llama.stop()
            openai.stop()
    return fn


for _label, _title in [("mixed", "pool [openai (no top-k), llama-server], `--top-k 40` twice"),
                       ("openai-only", "pool of one openai member (no top-k), `--top-k 40`"),
                       ("mixed-greedy", "pool [openai, llama-server], `--greedy` twice")]:
    case("wrong", "pool-" + _label, _title)(pool_case(_label))


# --- librarian dates and archives ----------------------------------------------------------

NOT_A_DATE = r"is not YYYY-MM-DD"


def today_case(today, expect_rc, reason):
    def fn(env, fx):
        r = run(env, "librarian", [fx.archive(), "--today", today, "--config", fx.dead])
        if expect_rc == 0:
            v = verdict(r, rc=0, out=r"picked|candidate|skipped")
            if re.search(r"-\d+ days old", r.out):
                v.maybe("entries dated after --today are reported as negative ages, not refused: "
                        + excerpt(r.out, "days old"))
            return v
        return verdict(r, rc=2, err=r"error: --today .*" + reason)
    return fn


for _today, _rc, _reason in [("2100-02-29", 2, r"February 2100 has 28 days"), ("2000-02-29", 0, ""),
                             ("\uff12\uff10\uff12\uff16-01-01", 2, NOT_A_DATE), ("2026-01-01 ", 2, NOT_A_DATE),
                             ("2026-01-01\n", 2, NOT_A_DATE), ("2026-1-1", 2, NOT_A_DATE),
                             ("-2026-01-01", 2, NOT_A_DATE), ("2026-12-32", 2, r"December 2026 has 31 days|day 32"),
                             ("9999-12-31", 0, ""), ("0000-01-01", None, ""), ("2026-06-31", 2, r"June 2026 has 30")]:
    if _rc is None:
        def _year_zero(env, fx, _today=_today):
            r = run(env, "librarian", [fx.archive(), "--today", _today, "--config", fx.dead])
            v = verdict(r, rc={0, 2})
            if r.rc == 2 and "--today" not in r.err:
                v.fail("refused without naming --today: " + excerpt(r.err))
            return v
        case("wrong", "librarian-today-year-0000", "librarian --today 0000-01-01 (year zero)")(_year_zero)
        continue
    case("wrong", "librarian-today-%s" % re.sub(r"[^0-9a-z-]", "_", _today.encode("ascii", "replace").decode()),
         "librarian --today %r" % _today)(today_case(_today, _rc, _reason))


@case("wrong", "librarian-archive-today-impossible", "the archive's own \"today\" is 2026-02-30")
def _(env, fx):
    r = run(env, "librarian", [fx.archive(today="2026-02-30"), "--config", fx.dead])
    return verdict(r, rc=2, err=r"today.*2026-02-30")


@case("wrong", "librarian-entry-date-impossible", "an entry dated 2026-02-31 in the archive")
def _(env, fx):
    archive = json.loads(json.dumps(ARCHIVE))
    archive["entries"][0]["date"] = "2026-02-31"
    r = run(env, "librarian", [env.json("archive.json", archive), "--config", fx.dead])
    v = verdict(r, rc={0, 2})
    if r.rc == 0:
        v.fail("an impossible entry date was used to compute ages and cooldowns without a word: " + excerpt(r.out))
    elif "/entries/0/date" not in r.err:
        v.fail("refused without the entry's JSON Pointer: " + excerpt(r.err))
    return v


@case("wrong", "librarian-surfaced-date-impossible", "an entry surfaced on 2026-13-01")
def _(env, fx):
    archive = json.loads(json.dumps(ARCHIVE))
    archive["entries"][1]["surfaced"] = ["2026-13-01"]
    r = run(env, "librarian", [env.json("archive.json", archive), "--config", fx.dead])
    v = verdict(r, rc={0, 2})
    if r.rc == 0:
        v.fail("an impossible surfacing date was used for the cooldown without a word: " + excerpt(r.out))
    return v


def librarian_stdin_case(options):
    def fn(env, fx):
        directory = env.dir()
        r = run(env, "librarian", ["-"] + options + ["--config", fx.dead],
                stdin=json.dumps(ARCHIVE).encode(), cwd=directory)
        v = verdict(r, rc=2, err=r"writes the archive back")
        if os.path.exists(os.path.join(directory, "-")):
            v.fail("a file named '-' was written")
        return v
    return fn


for _options in [["--complete", "Buy flour", "--goal", "sourdough", "--json"], ["--json", "--record"],
                 ["--today", "2026-11-30", "--record"]]:
    case("wrong", "librarian-stdin-" + "-".join(o.strip("-") for o in _options if o.startswith("--")),
         "`librarian - %s` from standard input" % " ".join(_options))(librarian_stdin_case(_options))


@case("wrong", "librarian-complete-unknown-goal", "librarian --complete for a goal not in the archive")
def _(env, fx):
    r = run(env, "librarian", [fx.archive(), "--complete", "Buy flour", "--goal", "nope"])
    return verdict(r, rc=2, err=r"nope")


@case("wrong", "librarian-complete-no-goal", "librarian --complete without --goal")
def _(env, fx):
    r = run(env, "librarian", [fx.archive(), "--complete", "Buy flour"])
    return verdict(r, rc=2, err=r"--goal")


@case("wrong", "librarian-complete-hostile-step", "librarian --complete STEP where STEP holds escapes and a NUL-free CR")
def _(env, fx):
    path = fx.archive()
    r = run(env, "librarian", [path, "--complete", "Buy \x1b[2J\rflour\x9b", "--goal", "sourdough"])
    v = verdict(r, rc={0, 2})
    if r.rc == 0:
        try:
            saved = json.load(open(path))
            if not any("flour" in e["text"] for e in saved["entries"]):
                v.fail("exit 0 but the step is not in the archive")
        except ValueError:
            v.fail("the archive is no longer JSON")
    return v
