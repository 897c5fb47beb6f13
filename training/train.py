"""Train the real model of the last lesson, one language at a time (numpy; not part of the site build).

    .venv/bin/python training/train.py --lang es      # then --lang pt; about 3-5 minutes each on 2 cores

Reproducible: the corpus is the files in training/corpus/<lang>/ (see SOURCES.md), the split
and the seed are fixed, numpy runs on one BLAS thread. Steps:

1. Paragraphs (one per line) of every corpus file in name order; every 10th paragraph
   (index % 10 == 9) is held out for validation, never seen by the tokenizer or the model.
2. Tokenizer: lesson_core.topics.bpe.learn on the training words (lesson_core.model.vocab).
3. Model: lesson_core's decoder-only Transformer (training/model_np.py), Adam, warm-up then
   cosine decay, evaluated on the validation text every ``eval_every`` steps; the weights
   with the lowest validation loss are kept (early stopping: the corpus is small).
4. Baseline: chapter 1's bigram counting on the same tokens, add-k smoothed (the k of a small
   grid that is best on the validation text: the strongest bigram, so a fair comparison).
5. Output: lesson_core/model/weights_<lang>.py (config, vocabulary, manifest with the corpus
   hash, seed, steps, losses and the loss history; weights as float16, base64), loaded by the
   standard library only. Losses in the manifest are those of the stored float16 weights.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # same bits run after run; the machine is shared
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import base64  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import model_np as M  # noqa: E402
from lesson_core.topics import tokenizer as tok  # noqa: E402
from lesson_core.model import vocab as V  # noqa: E402

CONFIG = {"d": 32, "heads": 4, "layers": 2, "ff": 96, "context": 64, "merges": 120}
TRAIN = {"seed": 1234, "steps": 3000, "batch": 16, "lr": 6e-3, "warmup": 100, "weight_decay": 0.05,
         "eval_every": 100, "ks": [0.003, 0.01, 0.03, 0.1, 0.3, 1.0]}
TINY = {"d": 16, "heads": 2, "layers": 1, "ff": 32, "context": 16, "merges": 40}


def read_corpus(folder: Path) -> tuple[list[str], list[str], str]:
    """Training paragraphs, validation paragraphs, and the sha256 of the corpus files."""
    h = hashlib.sha256()
    paras = []
    for path in sorted(folder.glob("*.txt")):
        data = path.read_bytes()
        h.update(path.name.encode() + b"\0" + data)
        paras += [line.strip() for line in data.decode("utf-8").splitlines() if line.strip()]
    train = [p for i, p in enumerate(paras) if i % 10 != 9]
    val = [p for i, p in enumerate(paras) if i % 10 == 9]
    return train, val, h.hexdigest()


def bigram_loss(train_ids: np.ndarray, val_ids: np.ndarray, V_: int, k: float) -> float:
    """Mean -ln P(next | prev) on val with P = (count + k) / (row total + k V)."""
    counts = np.zeros((V_, V_))
    np.add.at(counts, (train_ids[:-1], train_ids[1:]), 1)
    probs = (counts + k) / (counts.sum(1, keepdims=True) + k * V_)
    return float(-np.log(probs[val_ids[:-1], val_ids[1:]]).mean())


def windows(ids: np.ndarray, T: int) -> tuple[np.ndarray, np.ndarray]:
    """Consecutive windows: every token after the first is predicted exactly once."""
    xs, ys = [], []
    for s in range(0, len(ids) - 1, T):
        x, y = ids[s:s + T], ids[s + 1:s + T + 1]
        n = len(y)
        xs.append(x[:n])
        ys.append(y)
    return xs, ys


def evaluate(p: dict, cfg: dict, ids: np.ndarray) -> float:
    total, n = 0.0, 0
    for x, y in zip(*windows(ids, cfg["context"])):
        _, loss, _, _ = M.forward(p, cfg, x[None], y[None])
        total += float(loss) * len(y)
        n += len(y)
    return total / n


def to_f16(p: dict) -> dict:
    """What the site stores: float16, read back as float64."""
    return {k: v.astype(np.float16).astype(np.float64) for k, v in p.items()}


def train(lang: str, cfg: dict, opts: dict, corpus: Path, log=print) -> dict:
    train_p, val_p, digest = read_corpus(corpus)
    counts = V.word_counts(train_p)
    entries = V.entries_from(counts, cfg["merges"])
    vocab = tok.build_vocab(entries)
    train_ids = np.array(V.encode("\n".join(train_p), vocab))
    val_ids = np.array(V.encode("\n".join(val_p), vocab))
    cfg = {**cfg, "vocab": 256 + len(entries)}
    log(f"{lang}: {len(train_ids)} training tokens, {len(val_ids)} validation tokens, vocabulary {cfg['vocab']}")
    rng = np.random.default_rng(opts["seed"])
    p = M.init(cfg, rng)
    m = {k: np.zeros_like(v) for k, v in p.items()}
    s = {k: np.zeros_like(v) for k, v in p.items()}
    T, B = cfg["context"], opts["batch"]
    history, best, recent = [], (math.inf, None, 0), []
    t0 = time.time()
    for step in range(1, opts["steps"] + 1):
        starts = rng.integers(0, len(train_ids) - T - 1, B)
        x = np.stack([train_ids[a:a + T] for a in starts])
        y = np.stack([train_ids[a + 1:a + T + 1] for a in starts])
        _, loss, cache, _ = M.forward(p, cfg, x, y)
        g = M.backward(p, cfg, cache, y)
        recent.append(float(loss))
        frac = min(1.0, step / opts["warmup"])
        cos = 0.5 * (1 + math.cos(math.pi * step / opts["steps"]))
        lr = opts["lr"] * frac * (0.1 + 0.9 * cos)
        for k in p:  # Adam with decoupled weight decay on matrices
            m[k] = 0.9 * m[k] + 0.1 * g[k]
            s[k] = 0.99 * s[k] + 0.01 * g[k] * g[k]
            mh, sh = m[k] / (1 - 0.9 ** step), s[k] / (1 - 0.99 ** step)
            if p[k].ndim == 2:
                p[k] -= lr * opts["weight_decay"] * p[k]
            p[k] -= (lr * mh / (np.sqrt(sh) + 1e-8)).astype(p[k].dtype)
        if step % opts["eval_every"] == 0 or step == opts["steps"]:
            val = evaluate(p, cfg, val_ids)
            history.append([step, round(sum(recent) / len(recent), 4), round(val, 4)])
            recent = []
            if val < best[0]:
                best = (val, {k: v.copy() for k, v in p.items()}, step)
            log(f"step {step:5d}  train {history[-1][1]:.3f}  val {val:.3f}  ({time.time() - t0:.0f} s)")
    final = to_f16(best[1])
    ks = {k: bigram_loss(train_ids, val_ids, cfg["vocab"], k) for k in opts["ks"]}
    k_best = min(ks, key=ks.get)
    manifest = {
        "lang": lang, "corpus_sha256": digest, "corpus_files": sorted(f.name for f in corpus.glob("*.txt")),
        "split": "paragraph index % 10 == 9 held out for validation",
        "train_tokens": int(len(train_ids)), "val_tokens": int(len(val_ids)),
        "config": cfg, "seed": opts["seed"], "steps": opts["steps"], "best_step": best[2],
        "batch": B, "lr": opts["lr"], "weight_decay": opts["weight_decay"],
        "train_loss": round(evaluate(final, cfg, train_ids), 4), "val_loss": round(evaluate(final, cfg, val_ids), 4),
        "bigram_val_loss": round(ks[k_best], 4), "bigram_k": k_best,
        "bigram_train_loss": round(bigram_loss(train_ids, train_ids, cfg["vocab"], k_best), 4),
        "history": history, "seconds": round(time.time() - t0),
        "command": f"python training/train.py --lang {lang}",
    }
    log(f"{lang}: model val {manifest['val_loss']}  bigram val {manifest['bigram_val_loss']} (k={k_best})")
    return {"params": final, "entries": entries, "manifest": manifest}


def module_text(result: dict) -> str:
    """lesson_core/model/weights_<lang>.py: plain literals and one base64 string (float16, little-endian)."""
    cfg = result["manifest"]["config"]
    blob = b"".join(result["params"][k].astype("<f2").tobytes() for k in M.names(cfg))
    b64 = base64.b64encode(blob).decode("ascii")
    lines = "\n".join(b64[i:i + 100] for i in range(0, len(b64), 100))
    return ('"""The real model\'s weights for one language. Generated by training/train.py: do not edit.\n\n'
            "Read by lesson_core.model.load (standard library only), decoded on first use.\n"
            '"""\n\n'
            f"MANIFEST = {json.dumps(result['manifest'], ensure_ascii=False)}\n\n"
            f"ENTRIES = {json.dumps(result['entries'], ensure_ascii=False)}\n\n"
            f'WEIGHTS = """\n{lines}\n"""\n')


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", choices=["es", "pt"], required=True)
    ap.add_argument("--steps", type=int, default=TRAIN["steps"])
    ap.add_argument("--out", type=Path, default=HERE.parent / "lesson_core" / "model")
    args = ap.parse_args()
    res = train(args.lang, CONFIG, {**TRAIN, "steps": args.steps}, HERE / "corpus" / args.lang)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"weights_{args.lang}.py").write_text(module_text(res), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
