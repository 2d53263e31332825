"""Trains a LoRA adapter on Gemma 3 270M (CPU, torch + peft) from examples of one kind of output.

Usage: train.py MODEL_DIR DATA.jsonl OUT_DIR [--epochs N] [--rank R] [--lr LR] [--limit N]
                [--variants K] [--batch B] [--seed S]

MODEL_DIR is the model as transformers reads it (scripts/setup-vllm converts the GGUF that
scripts/setup-model installs, dequantized, so the adapter is trained on the very weights
llama-server runs). Each example becomes `--variants` prompts (prompts.py); the loss is taken on
the target tokens only, and the model's output layer runs only where a target token is predicted
(its 262k-word vocabulary is most of the model's cost). LoRA on every attention and MLP
projection; AdamW with a 10-step warm-up and a linear decay. OUT_DIR gets peft's adapter files,
which scripts/train-adapter converts to GGUF for llama-server."""
import argparse, json, math, random, sys, time, os
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer
from peft import LoraConfig, get_peft_model
sys.path.insert(0, os.path.dirname(__file__))
from prompts import render
ap = argparse.ArgumentParser()
ap.add_argument("model"); ap.add_argument("data"); ap.add_argument("out")
ap.add_argument("--epochs", type=float, default=2); ap.add_argument("--rank", type=int, default=16)
ap.add_argument("--lr", type=float, default=2e-4); ap.add_argument("--limit", type=int, default=0)
ap.add_argument("--variants", type=int, default=1); ap.add_argument("--batch", type=int, default=8)
ap.add_argument("--seed", type=int, default=1)
a = ap.parse_args()
torch.manual_seed(a.seed); rng = random.Random(a.seed)
torch.set_num_threads(int(os.environ.get("THREADS", "2")))
tok = AutoTokenizer.from_pretrained(a.model)
model = AutoModelForCausalLM.from_pretrained(a.model, torch_dtype=torch.float32)
cfg = LoraConfig(r=a.rank, lora_alpha=2 * a.rank, lora_dropout=0.05, bias="none",
                 target_modules=["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"])
model = get_peft_model(model, cfg)
model.print_trainable_parameters()
examples = [json.loads(l) for l in open(a.data) if l.strip()]
if a.limit: examples = examples[: a.limit]
items = []
for ex in examples:
    for _ in range(a.variants):
        p, t = render(ex, rng)
        pi = tok(p, add_special_tokens=False)["input_ids"]
        ti = tok(t, add_special_tokens=False)["input_ids"]
        items.append(([tok.bos_token_id] + pi, ti))
print(f"{len(items)} sequences; mean prompt {sum(len(p) for p,_ in items)/len(items):.0f} tokens, mean target {sum(len(t) for _,t in items)/len(items):.0f}", flush=True)
base = model.base_model.model  # Gemma3ForCausalLM
steps_total = math.ceil(len(items) / a.batch * a.epochs)
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=a.lr, weight_decay=0.0)
sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 10) * max(0.0, 1 - s / steps_total))
pad = tok.pad_token_id if tok.pad_token_id is not None else 0
softcap = getattr(base.config, "final_logit_softcapping", None)
model.train(); step = 0; t0 = time.time()
while step < steps_total:
    rng.shuffle(items)
    for i in range(0, len(items), a.batch):
        if step >= steps_total: break
        batch = items[i : i + a.batch]
        seqs = [p + t for p, t in batch]
        L = max(len(s) for s in seqs)
        ids = torch.full((len(seqs), L), pad, dtype=torch.long); att = torch.zeros((len(seqs), L), dtype=torch.long)
        for j, s in enumerate(seqs):
            ids[j, : len(s)] = torch.tensor(s); att[j, : len(s)] = 1
        hidden = base.model(input_ids=ids, attention_mask=att).last_hidden_state
        # logits only where a target token is predicted
        rows, cols, labels = [], [], []
        for j, (p, t) in enumerate(batch):
            for k in range(len(t)):
                rows.append(j); cols.append(len(p) - 1 + k); labels.append(t[k])
        h = hidden[torch.tensor(rows), torch.tensor(cols)]
        logits = base.lm_head(h)
        if softcap: logits = torch.tanh(logits / softcap) * softcap
        loss = torch.nn.functional.cross_entropy(logits.float(), torch.tensor(labels))
        loss.backward(); opt.step(); sched.step(); opt.zero_grad(); step += 1
        if step % 10 == 0 or step == 1:
            print(f"step {step}/{steps_total} loss {loss.item():.3f} {time.time()-t0:.0f}s", flush=True)
model.save_pretrained(a.out)
print("saved", a.out, flush=True)
