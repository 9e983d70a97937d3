"""Train the recital scorer on the generated corpus and write rules/recital_model.json.

``python -m pipeline.screening.recital_training`` (``make recital-model``); build time
only, never at run time. Seeded: the same file comes out on every run.

The corpus (:mod:`pipeline.screening.recital_corpus`) is split 80/20. Logistic
regression (AdaGrad, a little L2) is fitted on the first part; the threshold is chosen
on the held-out part among the texts that pass :func:`~pipeline.screening.recital.gate`
(the only ones the model is ever asked about): the lowest score, not below 0.5, that
keeps held-out false positives at or under ``--max-fp``. The held-out figures go into
the file. They come from the same templates as the training part, so they are a sanity
check, not an estimate: the blind batches (docs/screening.md) are the estimate.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys

from pipeline.screening.recital import MODEL_PATH, features, gate, logistic
from pipeline.screening.recital_corpus import generate

__all__ = ["main"]

Example = tuple[frozenset[str], int]


def _fit(
    data: list[Example], epochs: int, l2: float, lr: float, seed: int
) -> tuple[dict[str, float], float]:
    rng = random.Random(seed)
    w: dict[str, float] = {}
    g2: dict[str, float] = {}
    bias = 0.0
    bias_g2 = 0.0
    order = list(range(len(data)))
    for _ in range(epochs):
        rng.shuffle(order)
        for i in order:
            feats, y = data[i]
            scale = 1.0 / math.sqrt(len(feats))
            err = logistic(bias + scale * sum(w.get(f, 0.0) for f in feats)) - y
            for f in feats:
                wf = w.get(f, 0.0)
                g = err * scale + l2 * wf
                acc = g2.get(f, 0.0) + g * g
                g2[f] = acc
                w[f] = wf - lr * g / math.sqrt(acc + 1e-8)
            bias_g2 += err * err
            bias -= lr * err / math.sqrt(bias_g2 + 1e-8)
    return w, bias


def _score(w: dict[str, float], bias: float, feats: frozenset[str]) -> float:
    scale = 1.0 / math.sqrt(len(feats))
    return logistic(bias + scale * sum(w.get(f, 0.0) for f in feats))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=8000, help="corpus size")
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--max-fp", type=float, default=0.005)
    parser.add_argument("--out", default=str(MODEL_PATH))
    args = parser.parse_args(argv)
    corpus = generate(args.n, args.seed)
    data = [(frozenset(features(text.lower())), y, gate(text.lower())) for text, y in corpus]
    cut = int(len(data) * 0.8)
    train = [(f, y) for f, y, _ in data[:cut]]
    held = [(f, y) for f, y, gated in data[cut:] if gated]
    w, bias = _fit(train, args.epochs, l2=1e-4, lr=0.3, seed=args.seed)
    w = {k: round(v, 3) for k, v in w.items() if abs(v) >= 0.01}
    neg = sorted(_score(w, bias, f) for f, y in held if y == 0)
    pos = [_score(w, bias, f) for f, y in held if y == 1]
    allowed = int(len(neg) * args.max_fp)
    threshold = max(0.5, neg[len(neg) - 1 - allowed] + 1e-3) if neg else 0.5
    recall = sum(s >= threshold for s in pos) / max(1, len(pos))
    fp = sum(s >= threshold for s in neg) / max(1, len(neg))
    out = {
        "about": "logistic weights over pipeline.screening.recital.features(); written by "
        "python -m pipeline.screening.recital_training (do not edit by hand)",
        "seed": args.seed,
        "corpus": len(corpus),
        "heldout_gated": {
            "positives": len(pos),
            "negatives": len(neg),
            "recall": round(recall, 4),
            "false_positives": round(fp, 4),
        },
        "threshold": round(threshold, 3),
        "bias": round(bias, 4),
        "weights": dict(sorted(w.items())),
    }
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(out, fh, ensure_ascii=False, indent=0)
        fh.write("\n")
    print(
        f"{len(w)} weights, threshold {threshold:.3f}, held-out (gated) recall {recall:.1%} "
        f"of {len(pos)}, false positives {fp:.2%} of {len(neg)}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
