"""Train the real model of the last lesson, one language at a time (not part of the site build).

    .venv/bin/pip install -r training/requirements.txt   # PyTorch (CPU), training only
    .venv/bin/python training/train.py --lang es         # then --lang pt

Time on the shared 2-core machine (load 6-8, December 2026), the d 64 model: 9 min per language
(d 48 under load 7-21: 30 min, about 3 min of CPU; the rest is waiting for other processes), es
and pt side by side, with the scaling runs in two more processes (``--step model`` and ``--step scaling``, then
``--step attach``); ``--entries`` reuses a written tokenizer, else the 1000 BPE merges take 30 s
of one core. ``--engine numpy``
trains with training/model_np.py's hand-written backward instead (the tests use it; slower).

Reproducible: the corpus is the files in training/corpus/<lang>/ (see SOURCES.md), the split
and the seed are fixed, one thread. Steps:

1. Paragraphs (one per line) of every corpus file in name order; every 10th paragraph
   (index % 10 == 9) is held out for validation, never seen by the tokenizer or the model.
2. Tokenizer: lesson_core.topics.bpe.learn on the training words, 1000 merges (lesson_core.model.vocab).
3. Model: lesson_core's decoder-only Transformer (training/model_torch.py = training/model_np.py),
   Adam, warm-up then cosine decay, evaluated on the validation text every ``eval_every`` steps;
   the weights with the lowest validation loss are kept, and training stops after ``patience``
   evaluations without a new lowest (early stopping: the corpus is small). The size (CONFIG),
   d 64 with 2 layers, was chosen by held-out loss among the sizes whose first token after a
   64-token prompt stays within the 300 ms Pyodide budget (bench/model_times.mjs, which also times
   other shapes with random weights; d 64 with 3 layers and d 80 are over it): 1.95 / 1.98
   bits/char (es / pt), below the character 5-gram; d 48 gave 1.95 / 1.99, d 32 2.08 / 2.12.
4. Baselines on the same split: chapter 1's bigram counting on the same tokens, add-k smoothed
   (the k of a small grid best on the validation text: the strongest bigram); character n-grams,
   orders 1-7, interpolated Kneser-Ney (lesson_core.topics.ngram). All in bits per character.
5. Data scaling: the same config and tokenizer on 1/8, 1/4, 1/2 of the training paragraphs
   (every 8th, 4th, 2nd), with the same step cap and early stopping on the held-out text (a
   smaller part overfits sooner and stops there), and the 5- and 7-grams on the same parts.
6. Output: lesson_core/model/weights_<lang>.py (config, vocabulary, manifest with the corpus
   hash, seed, steps, losses, bits per character, the baselines, the scaling runs and the loss
   history; weights as float16, base64) and lesson_core/model/ngram_<lang>.py (the training
   ids, the n-gram discounts and the followers of the shortest contexts), both read by the
   standard library only. Losses in the manifest are those of the stored float16 weights.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # same bits run after run; the machine is shared
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import functools  # noqa: E402
import base64  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import zlib  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import model_np as M  # noqa: E402
from lesson_core.topics import ngram as N  # noqa: E402
from lesson_core.topics import tokenizer as tok  # noqa: E402
from lesson_core.model import vocab as V  # noqa: E402

CONFIG = {"d": 64, "heads": 4, "layers": 2, "ff": 256, "context": 64, "merges": 1000}
TRAIN = {"seed": 1234, "steps": 4000, "batch": 32, "lr": 6e-3, "warmup": 100, "weight_decay": 0.05,
         "eval_every": 200, "patience": 3, "engine": "torch", "ks": [0.003, 0.01, 0.03, 0.1, 0.3, 1.0]}
LOG = functools.partial(print, flush=True)
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
    """Mean -ln P over every token after the first (consecutive windows, full ones in batches)."""
    total, n = 0.0, 0
    xs, ys = windows(ids, cfg["context"])
    full = [i for i, y in enumerate(ys) if len(y) == cfg["context"]]
    rest = [i for i in range(len(ys)) if len(ys[i]) != cfg["context"]]
    for group in [full[a:a + 64] for a in range(0, len(full), 64)] + [[i] for i in rest]:
        x, y = np.stack([xs[i] for i in group]), np.stack([ys[i] for i in group])
        _, loss, _, _ = M.forward(p, cfg, x, y)
        total += float(loss) * y.size
        n += y.size
    return total / n


def to_f16(p: dict) -> dict:
    """What the site stores: float16, read back as float64."""
    return {k: v.astype(np.float16).astype(np.float64) for k, v in p.items()}


def split_ids(cfg: dict, train_p: list[str], val_p: list[str], entries: list[str] | None = None):
    """The tokenizer (learned on the training paragraphs unless ``entries`` is given) and both id arrays."""
    entries = entries if entries is not None else V.entries_from(V.word_counts(train_p), cfg["merges"])
    vocab = tok.build_vocab(entries)
    return entries, np.array(V.encode("\n".join(train_p), vocab)), np.array(V.encode("\n".join(val_p), vocab))


def val_chars(val_p: list[str], val_ids: np.ndarray, entries: list[str]) -> int:
    """Characters the held-out tokens after the first cover (the denominator of bits per character)."""
    return len("\n".join(val_p)) - len(V.decode(val_ids[:1], entries))


def bits_per_char(nats_per_token: float, n_tokens: int, chars: int) -> float:
    return nats_per_token * (n_tokens - 1) / math.log(2) / chars


def _numpy_steps(p: dict, cfg: dict, opts: dict, train_ids, rng):
    """Adam with decoupled weight decay on matrices, hand-written backward (training/model_np.py)."""
    m = {k: np.zeros_like(v) for k, v in p.items()}
    s = {k: np.zeros_like(v) for k, v in p.items()}
    T, B = cfg["context"], opts["batch"]
    for step in range(1, opts["steps"] + 1):
        starts = rng.integers(0, len(train_ids) - T - 1, B)
        x = np.stack([train_ids[a:a + T] for a in starts])
        y = np.stack([train_ids[a + 1:a + T + 1] for a in starts])
        _, loss, cache, _ = M.forward(p, cfg, x, y)
        g = M.backward(p, cfg, cache, y)
        lr = _lr(step, opts)
        for k in p:
            m[k] = 0.9 * m[k] + 0.1 * g[k]
            s[k] = 0.99 * s[k] + 0.01 * g[k] * g[k]
            mh, sh = m[k] / (1 - 0.9 ** step), s[k] / (1 - 0.99 ** step)
            if p[k].ndim == 2:
                p[k] -= lr * opts["weight_decay"] * p[k]
            p[k] -= (lr * mh / (np.sqrt(sh) + 1e-8)).astype(p[k].dtype)
        yield step, float(loss), (lambda: p)


def _torch_steps(cfg: dict, opts: dict, train_ids, rng):
    """The same update rule in PyTorch (training/model_torch.py), one thread: same bits run after run."""
    import torch
    import model_torch as MT
    torch.set_num_threads(1)
    torch.manual_seed(opts["seed"])
    p = MT.init(cfg, opts["seed"])
    m = {k: torch.zeros_like(v) for k, v in p.items()}
    s = {k: torch.zeros_like(v) for k, v in p.items()}
    T, B = cfg["context"], opts["batch"]
    data = torch.tensor(train_ids, dtype=torch.long)
    for step in range(1, opts["steps"] + 1):
        starts = torch.tensor(rng.integers(0, len(train_ids) - T - 1, B))
        idx = starts[:, None] + torch.arange(T + 1)[None]
        chunk = data[idx]
        loss = MT.loss(p, cfg, chunk[:, :-1], chunk[:, 1:])
        for v in p.values():
            v.grad = None
        loss.backward()
        lr = _lr(step, opts)
        with torch.no_grad():
            for k, v in p.items():
                g = v.grad
                m[k].mul_(0.9).add_(g, alpha=0.1)
                s[k].mul_(0.99).addcmul_(g, g, value=0.01)
                mh, sh = m[k] / (1 - 0.9 ** step), s[k] / (1 - 0.99 ** step)
                if v.ndim == 2:
                    v.sub_(lr * opts["weight_decay"] * v)
                v.sub_(lr * mh / (sh.sqrt() + 1e-8))
        yield step, loss.item(), (lambda: MT.to_numpy(p, cfg))


def _lr(step: int, opts: dict) -> float:
    """Warm-up, then cosine decay to a tenth."""
    frac = min(1.0, step / opts["warmup"])
    return opts["lr"] * frac * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * step / opts["steps"])))


def fit(cfg: dict, opts: dict, train_ids, val_ids, log=LOG):
    """Train; evaluate every ``eval_every`` steps; keep the best held-out weights; stop after
    ``patience`` evaluations without improvement (0: never). Returns (best params, best step, history)."""
    rng = np.random.default_rng(opts["seed"])
    engine = opts.get("engine", "numpy")
    steps = _torch_steps(cfg, opts, train_ids, rng) if engine == "torch" else \
        _numpy_steps(M.init(cfg, rng), cfg, opts, train_ids, rng)
    history, best, recent, t0, since = [], (math.inf, None, 0), [], time.time(), 0
    for step, loss, params in steps:
        recent.append(loss)
        if step % opts["eval_every"] == 0 or step == opts["steps"]:
            p = params()
            val = evaluate(p, cfg, val_ids)
            history.append([step, round(sum(recent) / len(recent), 4), round(val, 4)])
            recent = []
            if val < best[0]:
                best, since = (val, {k: v.astype(np.float64).copy() for k, v in p.items()}, step), 0
            else:
                since += 1
            log(f"step {step:5d}  train {history[-1][1]:.3f}  val {val:.3f}  ({time.time() - t0:.0f} s)")
            if opts.get("patience") and since >= opts["patience"]:
                break
    return best[1], best[2], history


def train(lang: str, cfg: dict, opts: dict, corpus: Path, log=LOG, entries: list[str] | None = None) -> dict:
    t0 = time.time()
    train_p, val_p, digest = read_corpus(corpus)
    entries, train_ids, val_ids = split_ids(cfg, train_p, val_p, entries)
    if opts.get("entries_out"):
        Path(opts["entries_out"]).write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    cfg = {**cfg, "vocab": 256 + len(entries)}
    log(f"{lang}: {len(train_ids)} training tokens, {len(val_ids)} validation tokens, vocabulary {cfg['vocab']}")
    best, best_step, history = fit(cfg, opts, train_ids, val_ids, log)
    final = to_f16(best)
    ks = {k: bigram_loss(train_ids, val_ids, cfg["vocab"], k) for k in opts["ks"]}
    k_best = min(ks, key=ks.get)
    chars = val_chars(val_p, val_ids, entries)
    val_loss = evaluate(final, cfg, val_ids)
    manifest = {
        "lang": lang, "corpus_sha256": digest, "corpus_files": sorted(f.name for f in corpus.glob("*.txt")),
        "split": "paragraph index % 10 == 9 held out for validation",
        "train_tokens": int(len(train_ids)), "val_tokens": int(len(val_ids)), "val_chars": chars,
        "config": cfg, "seed": opts["seed"], "steps": history[-1][0], "max_steps": opts["steps"],
        "best_step": best_step, "engine": opts.get("engine", "numpy"),
        "batch": opts["batch"], "lr": opts["lr"], "weight_decay": opts["weight_decay"],
        "eval_every": opts["eval_every"], "patience": opts.get("patience", 0),
        "train_loss": round(evaluate(final, cfg, train_ids), 4), "val_loss": round(val_loss, 4),
        "val_bpc": round(bits_per_char(val_loss, len(val_ids), chars), 4),
        "bigram_val_loss": round(ks[k_best], 4), "bigram_k": k_best,
        "bigram_val_bpc": round(bits_per_char(ks[k_best], len(val_ids), chars), 4),
        "bigram_train_loss": round(bigram_loss(train_ids, train_ids, cfg["vocab"], k_best), 4),
        "history": history, "seconds": round(time.time() - t0),
        "command": f"python training/train.py --lang {lang}",
    }
    log(f"{lang}: model val {manifest['val_loss']} ({manifest['val_bpc']} bits/char)  "
        f"bigram val {manifest['bigram_val_loss']} (k={k_best})")
    return {"params": final, "entries": entries, "manifest": manifest, "train_ids": train_ids}


FRACTIONS = (8, 4, 2)   # data scaling: 1/8, 1/4, 1/2 of the training paragraphs (then all: the shipped model)
NGRAM_ORDERS = range(1, 8)
LIVE_ORDER = 7          # the highest n-gram the page runs live (the probes' 7-gram; its counts are found in
                        # the shipped text on demand, so a higher order only adds its discounts)
LIVE_EVERY = 2          # the live counting models read every 2nd training paragraph: all of them would put the
                        # runtime over its 6 MB wire budget (the token ids compress to about 215 kB per language)


def subset(paragraphs: list[str], every: int) -> list[str]:
    """Every ``every``-th training paragraph: nested fractions spread over all files."""
    return paragraphs[::every]


def counting(train_p: list[str], val_p: list[str], orders=NGRAM_ORDERS) -> tuple[dict, "N.Counts"]:
    """Held-out bits per character of the character n-grams (interpolated Kneser-Ney, same split),
    and the full tables (their discounts and frequent contexts go to the live model)."""
    counts = N.Counts("\n".join(train_p), max(orders))
    val = "\n".join(val_p)
    return {str(n): round(N.bits_per_char(counts.model(n), val), 4) for n in orders}, counts


def scaling(cfg: dict, opts: dict, entries: list[str], train_p: list[str], val_p: list[str], log=LOG) -> dict:
    """The Transformer (same config and tokenizer, fewer steps, early stopping) and the character
    5- and 7-grams trained on 1/8, 1/4, 1/2 of the training text (all of it is the shipped model,
    added by attach_scaling)."""
    vocab = tok.build_vocab(entries)
    val_ids = np.array(V.encode("\n".join(val_p), vocab))
    chars = val_chars(val_p, val_ids, entries)
    out = {"fractions": [], "train_chars": [], "transformer_bpc": [], "ngram5_bpc": [], "ngram7_bpc": [],
           "transformer_steps": [], "tokenizer": "the shipped one (learned on all the training text)"}
    for every in FRACTIONS:
        part = subset(train_p, every)
        ids = np.array(V.encode("\n".join(part), vocab))
        best, step, _ = fit(cfg, opts, ids, val_ids, log=lambda *a: None)  # the same cap: early stopping ends it
        bpc = bits_per_char(evaluate(to_f16(best), cfg, val_ids), len(val_ids), chars)
        ng, _ = counting(part, val_p, (5, 7))
        log(f"  1/{every}: {len(ids)} tokens, Transformer {bpc:.3f} bits/char (best step {step}), 5-gram {ng['5']}")
        for k, v in (("fractions", round(1 / every, 4)), ("train_chars", len("\n".join(part))),
                     ("transformer_bpc", round(bpc, 4)), ("ngram5_bpc", ng["5"]), ("ngram7_bpc", ng["7"]),
                     ("transformer_steps", step)):
            out[k].append(v)
    return out


def ngram_module_text(train_ids: np.ndarray, counts: "N.Counts", man: dict) -> str:
    """lesson_core/model/ngram_<lang>.py: the live counting models' text (every LIVE_EVERY-th training
    paragraph) as token ids (uint16, zlib, base64) — the character n-gram reads it decoded, the
    token bigram counts its pairs — its n-gram discounts and the followers of its shortest contexts
    (found on demand for longer ones)."""
    b64 = base64.b64encode(zlib.compress(train_ids.astype("<u2").tobytes(), 9)).decode("ascii")
    lines = "\n".join(b64[i:i + 100] for i in range(0, len(b64), 100))
    preset = [[kind, ctx, "".join(f), list(f.values())] for (kind, ctx), f in sorted(N.preset_for(counts).items())]
    discounts = [[kind, k, list(d)] for (kind, k), d in sorted(counts.discounts.items())]
    return ('"""The real model\'s training text for the counting models (' + man["lang"] + '). Generated by\n'
            "training/train.py: do not edit. Read by lesson_core.model.counting (standard library only).\n"
            '"""\n\n'
            f"CORPUS_SHA256 = {json.dumps(man['corpus_sha256'])}\n\n"
            f"BIGRAM_K = {json.dumps(man['bigram_k'])}\n\n"
            f"EVERY = {LIVE_EVERY}  # every {LIVE_EVERY}nd training paragraph\n\n"
            f"DISCOUNTS = {json.dumps(discounts)}\n\n"
            f"PRESET = {json.dumps(preset, ensure_ascii=False)}\n\n"
            f'IDS = """\n{lines}\n"""\n')


def module_text(result: dict) -> str:
    """lesson_core/model/weights_<lang>.py: the manifest and the vocabulary, as plain literals."""
    return ('"""The real model of one language: its manifest and vocabulary (its weights: tensors_<lang>.py).\n'
            "Generated by training/train.py: do not edit. Read by lesson_core.model.load.\n"
            '"""\n\n'
            f"MANIFEST = {json.dumps(result['manifest'], ensure_ascii=False)}\n\n"
            f"ENTRIES = {json.dumps(result['entries'], ensure_ascii=False)}\n")


def tensors_text(result: dict) -> str:
    """lesson_core/model/tensors_<lang>.py: one base64 string (float16, little-endian), apart from the
    manifest so that a page without a real-model widget never downloads it (macros/runtime.py)."""
    cfg = result["manifest"]["config"]
    blob = b"".join(result["params"][k].astype("<f2").tobytes() for k in M.names(cfg))
    b64 = base64.b64encode(blob).decode("ascii")
    lines = "\n".join(b64[i:i + 100] for i in range(0, len(b64), 100))
    return ('"""The real model\'s weights for one language: float16, little-endian, base64. Generated by\n'
            "training/train.py: do not edit. Read by lesson_core.model.load (standard library only), decoded on\n"
            "first use; a page fetches it only when it has a real-model widget (macros/runtime.py).\n"
            '"""\n\n'
            f'WEIGHTS = """\n{lines}\n"""\n')


def _module(path: Path) -> dict:
    out: dict = {}
    exec(path.read_text(encoding="utf-8"), out)
    return out


def attach_scaling(weights: Path, sc: dict) -> None:
    """Put the data-scaling results into the manifest of a written weights module; the last
    point is the shipped model itself."""
    text = weights.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("MANIFEST = "))
    man = json.loads(line[len("MANIFEST = "):])
    sc = {k: list(v) if isinstance(v, list) else v for k, v in sc.items()}
    for k, v in (("fractions", 1.0), ("train_chars", man["train_chars"]), ("transformer_bpc", man["val_bpc"]),
                 ("ngram5_bpc", man["ngram_val_bpc"]["5"]), ("ngram7_bpc", man["ngram_val_bpc"]["7"]),
                 ("transformer_steps", man["best_step"])):
        sc[k].append(v)
    man["scaling"] = sc
    weights.write_text(text.replace(line, "MANIFEST = " + json.dumps(man, ensure_ascii=False)), encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lang", choices=["es", "pt"], required=True)
    ap.add_argument("--steps", type=int, default=TRAIN["steps"])
    ap.add_argument("--engine", choices=["torch", "numpy"], default=TRAIN["engine"])
    ap.add_argument("--out", type=Path, default=HERE.parent / "lesson_core" / "model")
    ap.add_argument("--step", choices=["all", "model", "scaling", "attach", "ngram"], default="all",
                    help="all (default); or one part: the model (and its n-gram module), the scaling runs "
                         "(to scaling_<lang>.json), attach them to the manifest, or rewrite ngram_<lang>.py")
    ap.add_argument("--entries", type=Path, help="reuse the tokenizer of this JSON list or weights module (same corpus)")
    args = ap.parse_args()
    t0 = time.time()
    opts = {**TRAIN, "steps": args.steps, "engine": args.engine}
    corpus = HERE / "corpus" / args.lang
    args.out.mkdir(parents=True, exist_ok=True)
    weights, sc_file = args.out / f"weights_{args.lang}.py", args.out / f"scaling_{args.lang}.json"
    train_p, val_p, _ = read_corpus(corpus)
    entries = None
    if args.entries:
        entries = _module(args.entries)["ENTRIES"] if args.entries.suffix == ".py" else json.loads(args.entries.read_text())
    if args.step in ("all", "model"):
        res = train(args.lang, CONFIG, {**opts, "entries_out": args.out / f"entries_{args.lang}.json"}, corpus,
                    entries=entries)
        man = res["manifest"]
        man["ngram_val_bpc"], counts = counting(train_p, val_p)
        man["train_chars"] = len("\n".join(train_p))
        print(f"{args.lang}: character n-grams, held-out bits/char {man['ngram_val_bpc']}", flush=True)
        man["command"] = f"python training/train.py --lang {args.lang}"
        weights.write_text(module_text(res), encoding="utf-8")
        (args.out / f"tensors_{args.lang}.py").write_text(tensors_text(res), encoding="utf-8")
        live_ids = split_ids({}, subset(train_p, LIVE_EVERY), val_p, res["entries"])[1]
        (args.out / f"ngram_{args.lang}.py").write_text(
            ngram_module_text(live_ids, N.Counts("\n".join(subset(train_p, LIVE_EVERY)), LIVE_ORDER), man),
            encoding="utf-8")
        print(f"{args.lang}: model written ({time.time() - t0:.0f} s)")
    if args.step in ("all", "scaling"):
        shipped = _module(weights) if weights.exists() and args.step == "all" else None
        entries = shipped["ENTRIES"] if shipped else entries
        cfg = {**CONFIG, "vocab": 256 + len(entries)}
        sc = scaling(cfg, opts, entries, train_p, val_p)
        sc["seconds"] = round(time.time() - t0)
        sc_file.write_text(json.dumps(sc), encoding="utf-8")
    if args.step in ("all", "attach"):
        attach_scaling(weights, json.loads(sc_file.read_text()))
    if args.step == "ngram":
        shipped = _module(weights)
        part = subset(train_p, LIVE_EVERY)
        _, live_ids, _ = split_ids({}, part, val_p, shipped["ENTRIES"])
        (args.out / f"ngram_{args.lang}.py").write_text(
            ngram_module_text(live_ids, N.Counts("\n".join(part), LIVE_ORDER), shipped["MANIFEST"]), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
