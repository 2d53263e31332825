#!/usr/bin/env python3
"""Would a small verifier trained on the reader labels separate kept steps from rejected ones
better than the embedded model asked as a judge (test AUC 0.62, docs/quality.md)?

For each reader-labelled single step (../step-labels.jsonl) the request it answered
(../steps.jsonl: goal, journal entries, steps done) and the step are written as one text and
embedded by a llama-server started with --embedding --pooling mean on a GGUF model; an
L2-regularised logistic regression is trained on the dev split alone (the regularisation chosen by
5-fold cross-validation on dev, each request's steps in one fold) and scored once on test. Features: the embedding, or the embedding
and the adapter's mean log-probability of the step. Prints AUC on dev (cross-validated) and test,
and the precision and coverage on test at the threshold where dev's cross-validated precision
first reaches 70%.

  llama-server -m MODEL.gguf --port 18778 --embedding --pooling mean -c 2048 -np 1 &
  python3 trained-verifier.py [port] [cache.json] [short]

`short` embeds the goal and the step alone (no journal), for a slower model.

The embeddings are cached in cache.json (default: /tmp/guided-verifier-embeddings.json), keyed by
text, so a rerun costs nothing.
"""
import json
import os
import sys
import urllib.request

import numpy

PORT = sys.argv[1] if len(sys.argv) > 1 else "18778"
CACHE = sys.argv[2] if len(sys.argv) > 2 else "/tmp/guided-verifier-embeddings.json"
SHORT = len(sys.argv) > 3 and sys.argv[3] == "short"  # the goal and the step only: fewer tokens to embed
HERE = os.path.dirname(os.path.abspath(__file__))


def embed(text, cache):
    if text not in cache:
        body = json.dumps({"content": text}).encode()
        request = urllib.request.Request(
            "http://localhost:" + PORT + "/embedding", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as reply:
            answer = json.loads(reply.read())
        vector = answer[0]["embedding"] if isinstance(answer, list) else answer["embedding"]
        if vector and isinstance(vector[0], list):
            vector = vector[0]
        cache[text] = vector
    return cache[text]


def text_of(request, step):
    if SHORT:
        return "Goal: " + request["goal"] + "\nSuggested next step: " + step
    lines = ["Goal: " + request["goal"]]
    lines += ["Journal " + entry["date"] + ": " + entry["text"] for entry in request["entries"]]
    lines += ["Done: " + done for done in request.get("done", [])]
    lines.append("Suggested next step: " + step)
    return "\n".join(lines)


def auc(scores, labels):
    order = numpy.argsort(scores)
    ranks = numpy.empty(len(scores))
    ranks[order] = numpy.arange(1, len(scores) + 1)
    # average ranks over ties
    for value in numpy.unique(scores):
        tied = scores == value
        ranks[tied] = ranks[tied].mean()
    positives = labels.sum()
    negatives = len(labels) - positives
    return (ranks[labels == 1].sum() - positives * (positives + 1) / 2) / (positives * negatives)


def train(features, labels, penalty, steps=2000, rate=0.5):
    weights = numpy.zeros(features.shape[1])
    bias = 0.0
    balance = numpy.where(labels == 1, 0.5 / labels.mean(), 0.5 / (1 - labels.mean()))
    for _ in range(steps):
        predicted = 1 / (1 + numpy.exp(-(features @ weights + bias)))
        error = (predicted - labels) * balance
        weights -= rate * (features.T @ error / len(labels) + penalty * weights)
        bias -= rate * error.mean()
    return weights, bias


def scores(model, features):
    weights, bias = model
    return features @ weights + bias


def cross_validated(features, labels, penalty, groups, folds=5):
    """Scores from 5 folds that keep each request's steps together: steps of one goal in both a
    training fold and its held-out fold would score the goal, not the step."""
    out = numpy.empty(len(labels))
    names = sorted(set(groups))
    index = numpy.array([names.index(group) % folds for group in groups])
    for fold in range(folds):
        held = index == fold
        model = train(features[~held], labels[~held], penalty)
        out[held] = scores(model, features[held])
    return out


def precision_at(scores_, labels, threshold):
    passing = scores_ >= threshold
    return (labels[passing].mean() if passing.any() else float("nan")), passing.mean(), int(passing.sum())


def main():
    requests = {}
    with open(os.path.join(HERE, "..", "steps.jsonl"), encoding="utf-8") as lines:
        for line in lines:
            request = json.loads(line)
            requests[request["id"]] = request
    rows = []
    with open(os.path.join(HERE, "..", "step-labels.jsonl"), encoding="utf-8") as lines:
        for line in lines:
            rows.append(json.loads(line))
    cache = json.load(open(CACHE)) if os.path.exists(CACHE) else {}
    for count, row in enumerate(rows):
        embed(text_of(requests[row["id"]], row["step"]), cache)
        if count % 100 == 99:
            json.dump(cache, open(CACHE, "w"))
            print("embedded %d of %d" % (count + 1, len(rows)), file=sys.stderr)
    json.dump(cache, open(CACHE, "w"))
    vectors = numpy.array([embed(text_of(requests[row["id"]], row["step"]), cache) for row in rows])
    vectors /= numpy.linalg.norm(vectors, axis=1, keepdims=True)
    logprob = numpy.array([[row.get("meanLogProbability") or 0.0] for row in rows])
    labels = numpy.array([1.0 if row["label"] == "keep" else 0.0 for row in rows])
    dev = numpy.array([row["split"] == "dev" for row in rows])
    groups = numpy.array([row["id"] for row in rows])
    print("steps: dev %d (%d kept), test %d (%d kept)" % (
        dev.sum(), labels[dev].sum(), (~dev).sum(), labels[~dev].sum()))
    print("the adapter's mean log-probability alone: AUC dev %.3f, test %.3f" % (
        auc(logprob[dev, 0], labels[dev]), auc(logprob[~dev, 0], labels[~dev])))
    for name, features in [("embedding", vectors), ("embedding + log-probability", numpy.hstack([vectors, logprob]))]:
        mean = features[dev].mean(axis=0)
        spread = features[dev].std(axis=0) + 1e-6
        scaled = (features - mean) / spread
        best = None
        for penalty in [0.001, 0.01, 0.1, 1.0]:
            validated = cross_validated(scaled[dev], labels[dev], penalty, groups[dev])
            score = auc(validated, labels[dev])
            if best is None or score > best[0]:
                best = (score, penalty, validated)
        score, penalty, validated = best
        model = train(scaled[dev], labels[dev], penalty)
        tested = scores(model, scaled[~dev])
        print("%s: penalty %g, AUC dev (5-fold) %.3f, test %.3f" % (name, penalty, score, auc(tested, labels[~dev])))
        for threshold in sorted(validated):
            precision, _, count = precision_at(validated, labels[dev], threshold)
            if count >= 5 and precision >= 0.7:
                test_precision, coverage, passing = precision_at(tested, labels[~dev], threshold)
                print("  threshold %.3f: dev precision %.0f%% (%d); test precision %.0f%% of %d passing (%.1f%% of steps)"
                      % (threshold, precision * 100, count, test_precision * 100, passing, coverage * 100))
                break
        else:
            print("  no threshold reaches 70% precision on dev with 5 or more steps above it")


main()
