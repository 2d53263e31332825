"""The shared inputs: schemas, requests, the archive, and builders of backends and configurations."""

import json
import socket


NOTIF = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {"text": {"type": "string", "maxLength": 180}},
    "required": ["text"], "additionalProperties": False,
    "x-guided-examples": [{"input": "Back in January you wrote: \"Solved some puzzles.\"",
                           "facts": ["Goal: get better at chess", "12 January 2026: Solved some puzzles."],
                           "output": {"text": "In January you solved some puzzles. Up for a few more?"}}],
}
STEPS = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {"steps": {"type": "array", "minItems": 3, "maxItems": 3,
                             "items": {"type": "string", "minLength": 1, "maxLength": 100}}},
    "required": ["steps"], "additionalProperties": False,
}
GOOD = '{"text":"Back in March you fed the starter twice."}'
ARCHIVE = {
    "today": "2026-11-30",
    "policy": {"threads": ["baking", "swimming"], "minimumAgeDays": 30, "cooldownDays": 90, "threadCooldownDays": 7},
    "goals": [{"id": "sourdough", "text": "bake sourdough at home", "thread": "baking"},
              {"id": "swim", "text": "learn to swim", "thread": "swimming"}],
    "entries": [
        {"id": "e1", "date": "2026-03-01", "text": "Fed the starter twice.", "thread": "baking", "goal": "sourdough"},
        {"id": "e2", "date": "2026-04-02", "text": "Bought goggles.", "thread": "swimming", "goal": "swim"},
        {"id": "e3", "date": "2026-09-12", "text": "Shaped a loaf and let the starter rise overnight.",
         "thread": "baking", "goal": "sourdough"},
        {"id": "e4", "date": "2026-11-28", "text": "Fed the starter and baked a loaf with a better crust.",
         "thread": "baking", "goal": "sourdough"}],
}
COPY_REQUEST = {"kind": "callback", "delivery": "push", "goal": "bake sourdough at home",
                "entries": [{"date": "2026-03-01", "text": "Fed the starter twice."}],
                "template": "Back in {month} you wrote: \"{entry}\""}
STEPS_REQUEST = {"goal": "bake sourdough at home", "entries": [{"date": "2026-03-01", "text": "Fed the starter twice."}],
                 "done": ["Buy a kitchen scale"]}
KIND = {"llama": "llama-server", "ollama": "ollama", "openai": "openai-compatible"}


class Fixtures:
    def __init__(self, env):
        self.env = env
        self.notif = env.json("notif.json", NOTIF)
        self.steps = env.json("steps.json", STEPS)
        self.copy = env.json("copy.json", COPY_REQUEST)
        self.steps_request = env.json("steps-request.json", STEPS_REQUEST)
        # A port that refuses connections: bound, never listening, held for the whole run.
        self.refuser = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.refuser.bind(("127.0.0.1", 0))
        self.dead_url = "http://127.0.0.1:%d" % self.refuser.getsockname()[1]
        self.dead = env.json("dead.json", {"backends": [
            {"name": "d", "kind": "llama-server", "url": self.dead_url, "timeoutSeconds": 3}]})

    def archive(self, **changes):
        value = json.loads(json.dumps(ARCHIVE))
        value.update(changes)
        return self.env.json("archive.json", value)


def backend(kind, url, name="b", **extra):
    entry = {"name": name, "kind": KIND.get(kind, kind), "url": url}
    if KIND.get(kind, kind) in ("ollama", "openai-compatible"):
        entry["model"] = "m"
    entry.setdefault("timeoutSeconds", 8)
    entry["idleTimeoutSeconds"] = 4
    entry.update(extra)
    return entry


def config(env, *backends, route=None, **top):
    document = {"backends": list(backends)}
    if route is not None:
        document["route"] = route
    document.update(top)
    return env.json("guided.json", document)


def server_config(env, server, **extra):
    return config(env, backend(server.dialect, server.url, **extra))


def generate_args(fx, cfg, *more, schema=None):
    return ["generate", "--schema", schema or fx.notif, "--prompt", "Rewrite the note", "--config", cfg,
            "--no-quality-checks", "--candidates", "1"] + list(more)
