#!/usr/bin/env python3
"""Checks a JSON Lines file of step-suggestion training examples. Usage: check.py FILE [FILE...]
Each line: {"goal": str, "entries": [str, ...], "done": [str, ...], "steps": [str, str, str]}
Prints one line per problem and a summary; exit 1 if any problem."""
import json, re, sys
NUMBER_WORDS = set("two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million dozen half once twice".split())
ORDINALS = set("first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth last".split())
DATES = set("monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december tomorrow yesterday tonight weekend morning evening".split())
PRONOUN_START = set("i we you my your it they this that these those there he she his her our their me us".split())
AUX_START = set("can could should would will shall must might may is are was were am".split())
STOP = set("a an the my your to of in on at for with and or but by from after before because than is was were are be been have has had do did it its this that these those as into onto up down out over still every each some you i me so just not no".split())
ENTRY_BANNED = ["sourdough","dough","swim","guitar","spanish","tomato","meditat","knit","stitch","watercolo","push-up","pushup","juggl","piano","portrait","grandmother","grandma","python","boulder","salsa","bookshelf","shelter","chess","origami","knot","5k"]
GOAL_BANNED = ENTRY_BANNED + ["bread","sourdough","dough","swim","pool","run ","running","5k","jog","guitar","spanish","language","tomato","seed","garden","plant","book","read","saving","savings","bike","cycl","meditat","knit","stitch","cook dinner","dinner","sleep","bed","watercolo","paint","water bottle","drink more water","story","push-up","juggl","tidy","flat","first aid","piano","portrait","draw","grandmother","grandma","python","code","coding","boulder","climb","screen time","phone","salsa","dance","bookshelf","shelf","shelter","dog","walk","steps a day","chess","origami","knot"]
def words(s): return re.findall(r"[A-Za-z0-9']+", s)
def stem(w):
    w = w.lower()
    for suf in ("ing", "ed", "es", "s"):
        if w.endswith(suf) and len(w) - len(suf) >= 3: return w[: -len(suf)]
    return w
def sig(s): return {stem(w) for w in words(s) if w.lower() not in STOP}
def check(ex, where):
    out = []
    for k, t in (("goal", str), ("entries", list), ("done", list), ("steps", list)):
        if not isinstance(ex.get(k), t): return [f"{where}: field {k} missing or not a {t.__name__}"]
    if set(ex) - {"goal", "entries", "done", "steps"}: out.append(f"{where}: unknown fields {set(ex) - {'goal','entries','done','steps'}}")
    if not 1 <= len(ex["entries"]) <= 3: out.append(f"{where}: needs 1-3 entries")
    if len(ex["done"]) > 2: out.append(f"{where}: at most 2 done steps")
    if len(ex["steps"]) != 3: return out + [f"{where}: needs exactly 3 steps"]
    facts = [ex["goal"]] + ex["entries"] + ex["done"]
    fact_text = " ".join(facts).lower()
    fact_words = {w.lower() for f in facts for w in words(f)}
    fact_sig = set().union(*(sig(f) for f in facts))
    for b in GOAL_BANNED:
        if b in ex["goal"].lower(): out.append(f"{where}: the goal touches a held-out topic ({b.strip()!r})")
    for b in ENTRY_BANNED:
        if b in " ".join(ex["entries"]).lower(): out.append(f"{where}: an entry touches a held-out topic ({b!r})")
    for i, s in enumerate(ex["steps"]):
        p = f"{where} step {i+1} {s!r}"
        ws = words(s)
        if not 3 <= len(ws) <= 14: out.append(f"{p}: 3-14 words")
        if len(s) > 90: out.append(f"{p}: over 90 characters")
        if not s[:1].isupper(): out.append(f"{p}: start with a capital letter")
        if s.rstrip()[-1:] in ".!?": out.append(f"{p}: no final punctuation")
        first = ws[0].lower() if ws else ""
        if first in PRONOUN_START: out.append(f"{p}: starts with a pronoun")
        if first in AUX_START: out.append(f"{p}: starts with an auxiliary")
        if first.endswith("ed") and first not in ("need", "feed", "speed", "bleed", "seed", "embed", "shed"): out.append(f"{p}: starts like a past tense")
        for w in ws:
            lw = w.lower()
            if any(c.isdigit() for c in w) and lw not in fact_words: out.append(f"{p}: number {w} not in the facts")
            if lw in NUMBER_WORDS and lw not in fact_words: out.append(f"{p}: number word {w} not in the facts")
            if lw in ORDINALS and lw not in fact_words: out.append(f"{p}: ordinal {w} not in the facts")
            if lw in DATES and lw not in fact_words: out.append(f"{p}: date word {w} not in the facts")
        for j, w in enumerate(ws[1:], 1):
            if w[0].isupper() and w.lower() not in fact_words and w != "I": out.append(f"{p}: capitalised {w} not in the facts")
        if not (sig(s) & fact_sig): out.append(f"{p}: shares no word with the goal, entries or done steps")
        for f in facts:
            a, b = sig(s), sig(f)
            if a and len(a & b) / len(a) >= 0.8: out.append(f"{p}: nearly copies the fact {f!r}")
    for i in range(3):
        for j in range(i):
            a, b = sig(ex["steps"][i]), sig(ex["steps"][j])
            if len(a & b) / max(1, len(a | b)) >= 0.5: out.append(f"{where}: steps {j+1} and {i+1} are near repeats")
    return out
problems = 0; total = 0; goals = set()
for path in sys.argv[1:]:
    for n, line in enumerate(open(path), 1):
        if not line.strip(): continue
        total += 1
        try: ex = json.loads(line)
        except Exception as e: print(f"{path}:{n}: not JSON: {e}"); problems += 1; continue
        goals.add(ex.get("goal", "").lower())
        for p in check(ex, f"{path}:{n}"): print(p); problems += 1
print(f"{total} examples, {len(goals)} distinct goals, {problems} problems")
sys.exit(1 if problems else 0)
