"""Lesson 4's precomputed run (lesson_core/data/own_default.py), the page's claims about it, and the
command line ``python -m lesson_core train``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import lesson_core
from conftest import ROOT
from lesson_core.data.own_default import RUN, RUNS
from lesson_core.data.own_texts import DEFAULT, TEXTS
from lesson_core.topics.own_run import checkpoints
from lesson_core.widgets.own_text import DEFAULT_RUN, overfit_note

LANGS = ("es", "pt")


@pytest.mark.parametrize("lang", LANGS)
def test_the_stored_run_is_what_the_run_gives_today(lang):
    """The first checkpoints of the stored run, recomputed (the run is the same step by step):
    a change to the model or the text that forgets scripts/own_default.py fails here."""
    assert RUN == DEFAULT_RUN
    fresh = list(checkpoints(TEXTS[DEFAULT]["text"][lang], 2 * RUN["every"], RUN["seed"], RUN["size"], RUN["lr"],
                             RUN["every"]))
    assert fresh == RUNS[lang]["checkpoints"][:3]


@pytest.mark.parametrize("lang", LANGS)
def test_what_the_page_says_about_the_run_holds(lang):
    d = lesson_core.render("own_default", {}, lang)["data"]
    ck = RUNS[lang]["checkpoints"]
    assert [c["step"] for c in ck] == list(range(0, RUN["steps"] + 1, RUN["every"]))
    # the model beats letter frequencies, and does not reach the counting model of the same context
    assert d["below_unigram_step"] is not None and d["below_unigram_step"] < RUN["steps"] // 2
    assert all(c["held_bpc"] > c["ngram_bpc"] for c in ck)
    # both curves fall together first; then training keeps falling and the held-out part hardly moves
    assert ck[1]["held_bpc"] < ck[0]["held_bpc"] - 0.5 and ck[1]["train_bpc"] < ck[0]["train_bpc"] - 0.5
    half = len(ck) // 2
    assert ck[half]["train_bpc"] - ck[-1]["train_bpc"] > 0.3
    assert abs(ck[half]["held_bpc"] - ck[-1]["held_bpc"]) < 0.3
    assert d["final_held_bpc"] - d["final_train_bpc"] > 0.8
    assert 0 < d["best_step"] and d["best_held_bpc"] <= d["final_held_bpc"]
    # "at step 0 a jumble": almost no word of the text; at the end, most of the words it writes are
    assert ck[0]["known_words"] / ck[0]["words"] < 0.2
    assert d["final_known"] >= 0.4
    # the first checkpoint is uniform-like: every character about as likely
    assert abs(ck[0]["held_bpc"] - ck[0]["train_bpc"]) < 0.2


@pytest.mark.parametrize("lang", LANGS)
def test_the_overfitting_note_follows_the_curve(lang):
    ck = RUNS[lang]["checkpoints"]
    best = min(range(len(ck)), key=lambda i: ck[i]["held_bpc"])
    assert not overfit_note(ck, best, lang).startswith("Sobreajuste")
    turned = [dict(c) for c in ck[: best + 1]] + [{**ck[best], "step": ck[best]["step"] + 1,
                                                   "held_bpc": ck[best]["held_bpc"] + 0.3}]
    assert overfit_note(turned, len(turned) - 1, lang).startswith("Sobreajuste")


def test_the_slider_covers_every_checkpoint_and_answers_before_python():
    w = lesson_core.get("own_default")
    assert w.control("step").values() == [c["step"] for c in RUNS["es"]["checkpoints"]]
    assert w.precomputable("main")


def run_cli(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "lesson_core", "train", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_cli_prints_one_json_object_per_checkpoint_the_same_as_the_page(tmp_path):
    text = tmp_path / "story.txt"
    text.write_text(TEXTS[DEFAULT]["text"]["es"], encoding="utf-8")
    out = run_cli("--lang", "es", "--text", str(text), "--seed", "1", "--steps", "60", "--every", "30", "--json")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["step"] for r in rows] == [0, 30, 60]
    for row, c in zip(rows, RUNS["es"]["checkpoints"]):
        assert row["train_bpc"] == c["train_bpc"] and row["held_bpc"] == c["held_bpc"]
        assert row["counting_held_bpc"] == c["ngram_bpc"] and row["sample"] == c["sample"]
        assert row["examples"] == c["seen"]


@pytest.mark.parametrize("raw, lang, words", [
    ("", "es", "vacío"), ("😀😀😀", "pt", "alfabeto latino"), ("abc", "es", "demasiado corto"),
])
def test_cli_says_what_is_wrong_with_a_text(raw, lang, words):
    out = run_cli("--lang", lang, "--text", "-", "--json", stdin=raw)
    assert out.returncode == 1 and words in out.stderr and "Traceback" not in out.stderr and not out.stdout


def test_cli_stops_on_a_diverging_learning_rate():
    out = run_cli("--text", "-", "--lr", "1e6", "--size", "small", "--steps", "3000", "--every", "10", "--json",
                  stdin=TEXTS[DEFAULT]["text"]["es"])
    assert out.returncode == 1 and "tasa de aprendizaje" in out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert rows[-1]["diverged"] and rows[-1]["step"] < 3000
