"""The counting model of lesson 2: the corpus claims, the table, and sampling a sentence."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lesson_core.kit.fmt import plain
import lesson_core
from lesson_core.topics import bigram
from lesson_core.kit.block import render_block
from lesson_core.data.bigram import CORPUS, QUIZ, STARTS, STOP, WORDS
from lesson_core.kit.registry import get, precompute
from conftest import assert_clean_html as clean_html

LANGS = ("es", "pt")


def reference_counts(sentences):
    """Bigram counts written independently with Counter."""
    pairs = Counter()
    for s in sentences:
        w = s.split()
        pairs.update(zip(w, w[1:]))
    return pairs


# --- the corpus claims --------------------------------------------------------------

def test_after_sobre_three_words_once_each_es():
    rows = bigram.next_table(CORPUS["es"], "sobre")
    assert [(w, c) for w, c, _ in rows] == [("esterillas", 1), ("alfombras", 1), ("sillas", 1)]
    assert dict((w, p) for w, _, p in rows)["sillas"] == Fraction(1, 3)


def test_after_sobre_three_words_once_each_pt():
    rows = bigram.next_table(CORPUS["pt"], "sobre")
    assert [(w, c) for w, c, _ in rows] == [("esteiras", 1), ("tapetes", 1), ("cadeiras", 1)]
    assert dict((w, p) for w, _, p in rows)["cadeiras"] == Fraction(1, 3)


@pytest.mark.parametrize("lang", LANGS)
def test_quiz_word_has_probability_one_third(lang):
    prev, word = QUIZ[lang]
    pairs = reference_counts(CORPUS[lang])
    after = {b: c for (a, b), c in pairs.items() if a == prev}
    assert Fraction(after[word], sum(after.values())) == Fraction(1, 3)


@pytest.mark.parametrize("lang", LANGS)
def test_counts_match_an_independent_count(lang):
    pairs = reference_counts(CORPUS[lang])
    ours = bigram.counts(CORPUS[lang])
    assert {(a, b): c for a, row in ours.items() for b, c in row.items()} == dict(pairs)


@pytest.mark.parametrize("lang", LANGS)
def test_sentences_are_well_formed(lang):
    for s in CORPUS[lang]:
        words = s.split()
        assert words[-1] == STOP and words.count(STOP) == 1 and s == s.lower()
        assert 3 <= len(words) <= 8
    # every word but the full stop has a successor, so sampling never stalls
    table = bigram.counts(CORPUS[lang])
    vocab = {w for s in CORPUS[lang] for w in s.split()}
    assert all(w in table for w in vocab - {STOP})
    for key, words in WORDS.items():
        assert bigram.occurrences(CORPUS[lang], words[lang]), key


@pytest.mark.parametrize("lang", LANGS)
def test_probabilities_sum_to_one(lang):
    for word in bigram.counts(CORPUS[lang]):
        assert sum(p for _, _, p in bigram.next_table(CORPUS[lang], word)) == 1


@pytest.mark.parametrize("lang,kitten,after,ate,fish", [("es", "gatito", "se", "comió", "pescado"),
                                                         ("pt", "gatinho", "sentou", "comeu", "peixe")])
def test_unseen_pair_gets_zero(lang, kitten, after, ate, fish):
    """The lesson: the count model rules out «el gatito comió pescado», a normal sentence."""
    pairs = reference_counts(CORPUS[lang])
    assert [w for w, _, _ in bigram.next_table(CORPUS[lang], kitten)] == [after]
    assert pairs[(ate, fish)] == 1 and pairs[(kitten, ate)] == 0


def test_table_order_and_ties():
    rows = bigram.next_table(CORPUS["es"], "el")
    assert [(w, c) for w, c, _ in rows] == [("gato", 2), ("perro", 2), ("gatito", 1)]
    assert bigram.next_table(CORPUS["es"], "nadie") == []
    assert bigram.occurrences(["a b .", "b a ."], "a") == [(0, 0), (1, 1)]


# --- sampling -----------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**6), lang=st.sampled_from(LANGS), start=st.sampled_from(STARTS))
def test_sample_follows_the_table(seed, lang, start):
    first = WORDS[start][lang]
    res = bigram.sample(CORPUS[lang], first, seed)
    assert res == bigram.sample(CORPUS[lang], first, seed)  # reproducible
    words = res["words"]
    assert words[0] == first and len(words) <= bigram.MAX_WORDS
    assert res["ended"] == (words[-1] == STOP)
    pairs = reference_counts(CORPUS[lang])
    for st_, (a, b) in zip(res["steps"], zip(words, words[1:])):
        assert pairs[(a, b)] > 0 and st_["prev"] == a and st_["chosen"] == b
        # the chosen word is the first whose cumulative probability passes u
        acc = 0.0
        for w, _, p in st_["candidates"]:
            acc += float(p)
            if st_["u"] < acc:
                assert w == b
                break


def test_sampling_frequencies_match_probabilities():
    n = 3000
    picks = Counter(bigram.sample(CORPUS["es"], "el", seed, max_words=2)["words"][1] for seed in range(n))
    for w, _, p in bigram.next_table(CORPUS["es"], "el"):
        assert abs(picks[w] / n - float(p)) < 0.03, (w, picks[w] / n, float(p))


def test_length_is_bounded():
    """Loops (gato -> persiguió -> al -> gato ...) are possible; the bound stops them."""
    lengths = [len(bigram.sample(CORPUS["es"], "el", seed, max_words=6)["words"]) for seed in range(300)]
    assert max(lengths) == 6
    looping = next(s for s in range(300) if not bigram.sample(CORPUS["es"], "el", s, max_words=6)["ended"])
    res = bigram.sample(CORPUS["es"], "el", looping, max_words=6)
    assert len(res["words"]) == 6 and res["words"][-1] != STOP


def test_bound_cuts_a_sentence_short():
    seed = next(s for s in range(100) if bigram.sample(CORPUS["es"], "gato", s)["words"][1] != STOP)
    res = bigram.sample(CORPUS["es"], "gato", seed, max_words=2)
    assert not res["ended"] and len(res["words"]) == 2 and len(res["steps"]) == 1
    assert bigram.MAX_WORDS == 30


# --- widgets ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_table_widget_default_is_sobre(lang):
    r = lesson_core.render("bigram_table", {}, lang)
    assert r["ok"] and r["data"]["word"] == "sobre" and r["data"]["total"] == 3
    assert [row[1:] for row in r["data"]["rows"]] == [[1, 1 / 3]] * 3
    html = r["parts"]["main"]
    assert html.count('<mark class="aula-hl">sobre</mark>') == 3
    assert html.count('class="aula-next"') == 3
    assert "1/3 = 0,333" in plain(html)
    clean_html(html)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", list(WORDS))
def test_table_widget_every_word(lang, key):
    r = lesson_core.render("bigram_table", {"word": key}, lang)
    assert r["ok"] and r["data"]["occurrences"] == len(bigram.occurrences(CORPUS[lang], WORDS[key][lang]))
    assert sum(row[1] for row in r["data"]["rows"]) == r["data"]["total"]
    clean_html(r["parts"]["main"])


@pytest.mark.parametrize("lang", LANGS)
def test_sampler_widget_all_precomputed_values(lang):
    w = get("bigram_sampler")
    for start in STARTS:
        for seed in w.control("seed").values():
            r = lesson_core.render("bigram_sampler", {"start": start, "seed": seed}, lang)
            assert r["ok"]
            words = r["data"]["words"]
            assert words[0] == WORDS[start][lang]
            assert " ".join(words) in r["parts"]["main"]
            clean_html(r["parts"]["main"])


def test_sampler_widget_reports_the_bound(monkeypatch):
    seed = next(s for s in range(12) if not bigram.sample(CORPUS["es"], "gato", s, max_words=3)["ended"])
    monkeypatch.setattr(bigram, "MAX_WORDS", 3)
    r = lesson_core.render("bigram_sampler", {"start": "cat", "seed": seed}, "es")
    assert r["ok"] and not r["data"]["ended"] and "3 palabras" in r["parts"]["main"]


@pytest.mark.parametrize("widget,params", [
    ("bigram_table", {"word": "nadie"}), ("bigram_table", {"word": ""}),
    ("bigram_sampler", {"seed": "12"}), ("bigram_sampler", {"seed": "-1"}), ("bigram_sampler", {"seed": "nan"}),
    ("bigram_sampler", {"seed": "inf"}), ("bigram_sampler", {"seed": "1.5"}), ("bigram_sampler", {"seed": ""}),
    ("bigram_sampler", {"start": "sobre"}),
])
@pytest.mark.parametrize("lang", LANGS)
def test_bad_input_is_a_message(widget, params, lang):
    r = lesson_core.render(widget, params, lang)
    assert r["ok"] is False and r["error"]["message"] and r["error"]["param"] in params


@pytest.mark.parametrize("widget,limit", [("bigram_table", 40_000), ("bigram_sampler", 70_000)])
def test_precomputed_block_stays_small(widget, limit):
    for lang in LANGS:
        assert get(widget).precomputable("main")
        assert len(precompute(get(widget), get(widget).defaults(), lang)["main"]) >= 10
        assert len(render_block(widget, {}, lang, "t").encode()) < limit
