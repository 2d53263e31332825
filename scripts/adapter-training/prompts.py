"""Renders a training example into the completion prompt Guided sends a base model
(Sources/GuidedBackends/CompletionPrompt.swift) for a request served with an adapter, so without
worked examples: the instructions, the schema's format line, the facts block, the input, then
"Output:". Each example is rendered with a random choice among the variations apps write
(instructions or none, the field's description or none, dated or labelled entries, completed
steps shown or not, several inputs), so the adapter does not hang on one wording.

The target is what the grammar lets the model write: compact JSON, then the line break after
which llama-server stops (the completion frame).

`python3 prompts.py --render EXAMPLE_JSON SEED` prints the prompt and target for one example
(the Swift tests compare it with CompletionPrompt's own rendering)."""
import json, random
INSTRUCTIONS = [
    "Suggest three next steps toward the goal.",
    "Suggest three next steps toward the goal. Each step is one short action that starts with a verb and follows from the journal.",
    None,
]
DESCRIPTIONS = [
    "Exactly three next steps, in the order to do them",
    "Three next steps toward the goal",
    None,
]
INPUTS = [
    "Suggest three next steps toward this goal: {goal}.",
    "Suggest three next steps.",
    "What should I do next?",
    "Three next steps, please.",
]
MONTHS = "January February March April May June July August September October November December".split()
def facts_for(ex, rng):
    goal = ["Goal: " + ex["goal"]]
    style = rng.random()
    entries = []
    for e in ex["entries"]:
        if style < 0.7:
            entries.append("Journal: " + e)
        elif style < 0.85:
            entries.append(f"{rng.randint(1, 28)} {rng.choice(MONTHS)} 2026: {e}")
        else:
            entries.append("Entry: " + e)
    done = ["Done: " + d for d in ex["done"]] if rng.random() < 0.6 else []
    return goal + entries + done
def parts(ex, rng):
    """The random choices for one rendering: instructions, the field's description, facts, input."""
    ins = rng.choice(INSTRUCTIONS)
    desc = rng.choice(DESCRIPTIONS)
    facts = facts_for(ex, rng)
    given = rng.choice(INPUTS).format(goal=ex["goal"])
    return {"instructions": ins, "description": desc, "facts": facts, "input": given}
def render(ex, rng):
    p = parts(ex, rng)
    header = [p["instructions"]] if p["instructions"] else []
    header.append("Output format: JSON. steps: " + p["description"] + "." if p["description"] else "Output format: JSON.")
    prompt = "\n".join(header) + "\n\n" + "Facts:\n" + "\n".join("- " + f for f in p["facts"]) + "\n"
    prompt += "Input: " + p["input"] + "\nOutput:"
    target = json.dumps({"steps": ex["steps"]}, separators=(",", ":"), ensure_ascii=False) + "\n"
    return prompt, target


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 4 and sys.argv[1] == "--render":
        example, seed = json.loads(sys.argv[2]), int(sys.argv[3])
        prompt, target = render(example, random.Random(seed))
        print(json.dumps({"prompt": prompt, "target": target, **parts(example, random.Random(seed))}))
    else:
        sys.exit("usage: prompts.py --render EXAMPLE_JSON SEED")
