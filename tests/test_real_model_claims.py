"""The real-model page claims only what it shows (issue 29, deliverable 1).

Each sentence of docs/<lang>/real-model.md whose wording depends on the shipped model is either
computed (a value() or a widget's sentence picked from the manifest and the core; the choice is
tested here on the shipped numbers and on made-up ones) or pinned here against the manifest and
the core, so that a retrained model cannot leave a false sentence behind.
"""

from __future__ import annotations

import copy
import re
import sys
from pathlib import Path

import pytest

import lesson_core
from lesson_core.kit.fmt import plain
from lesson_core.model import generate as gen
from lesson_core.model.load import manifest
from lesson_core.widgets import real_model as RM
from lesson_core.widgets import real_model_count as RC
from lesson_core.widgets import real_model_probes as P
from lesson_core.widgets.real_model_corpus import SHOWN_WORDS as RM_BPE_ROWS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "training"))
import train as T  # noqa: E402

LANGS = ("es", "pt")


def _page(lang: str) -> str:
    return (ROOT / "docs" / lang / "real-model.md").read_text(encoding="utf-8")


def _training_text(lang: str) -> str:
    return "\n".join(T.read_corpus(ROOT / "training" / "corpus" / lang)[0])


def _readouts(html: str) -> list[str]:
    return [plain(m) for m in re.findall(r'class="aula-readout">(.*?)</p>', html, re.S)]


# --- how training ended (finding 1) --------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_stopping_sentence_matches_the_manifest(lang):
    man = manifest(lang)
    st = RM.stopping(man)
    # both models ran to the fixed budget: early stopping never fired
    assert man["steps"] == man["max_steps"] and not st["early"]
    assert st["evals_after_best"] < man["patience"]
    said = plain(lesson_core.render("rm_training", {}, lang)["parts"]["main"])
    if lang == "es":   # best step before the end, then no new lowest
        assert not st["best_is_last"] and st["last_val"] > st["best_val"]
        assert "llegó al tope de 4000 pasos sin detenerse" in said and "no volvió a bajar" in said
        assert "se detuvo solo" not in said
    else:              # the last step is the best: validation loss was still falling
        assert st["best_is_last"] and st["last_val"] < st["prev_val"]
        assert "ainda caía" in said and "parou sozinho" not in said
    # the page's paragraph no longer says it stopped by itself
    page = _page(lang)
    assert "se detiene solo" not in page and "para sozinho" not in page
    assert 'value("rm_training", "max_steps")' in page and 'value("rm_training", "patience")' in page


@pytest.mark.parametrize("lang", LANGS)
def test_each_way_training_can_end_has_its_sentence(lang):
    man = copy.deepcopy(manifest(lang))
    hist = [[200 * (i + 1), 3.0, v] for i, v in enumerate([4.0, 3.9, 3.85, 3.86, 3.87, 3.88])]
    early = {**man, "history": hist, "steps": 1200, "max_steps": 4000, "best_step": 600, "patience": 3}
    falling = {**man, "history": hist[:3], "steps": 600, "max_steps": 600, "best_step": 600}
    turned = {**man, "history": hist[:5], "steps": 1000, "max_steps": 1000, "best_step": 600}
    words = {"es": ("se detuvo solo", "todavía bajaba", "no volvió a bajar"),
             "pt": ("parou sozinho", "ainda caía", "não voltou a cair")}[lang]
    for m, want in zip((early, falling, turned), words):
        said = RM.stop_sentence(m, lang)
        assert want in said and all(w not in said for w in words if w != want), said
    assert "en la medición siguiente" in RM.stop_sentence({**turned, "history": hist[:4], "steps": 800,
                                                           "max_steps": 800}, "es")


# --- the probes (findings 2 and 4) ---------------------------------------------------------------

def test_the_verdict_is_picked_by_the_signs():
    a, b = "»", "."
    mk = lambda first, second: {"first": first, "second": second, "shift": first - second,  # noqa: E731
                                "learned": first - second >= P.SHIFT, "flips": first > 0 > second}
    assert "Cambia de lado" in P.verdict("es", mk(2.0, -3.0), a, b)
    moved = plain(P.verdict("es", mk(-0.9, -10.5), a, b))
    assert "Se mueve 9,6 bits hacia «»», pero sigue prefiriendo «.»" in moved
    assert "Prefere “»” depois dos dois começos, mas 4,0 bits a mais" in plain(P.verdict("pt", mk(5.0, 1.0), a, b))
    assert "No distingue" in P.verdict("es", mk(-1.0, -1.0), a, b)
    assert "hacia «.»" in P.verdict("es", mk(-1.5, -1.0), a, b)


@pytest.mark.parametrize("lang", LANGS)
def test_the_quotes_probe_moves_but_does_not_change_side(lang):
    """The shipped models: inside an open quote the full stop is still preferred, and the widget
    says so in the sentence the signs pick."""
    r = lesson_core.render("rm_probes", {}, lang)
    t = r["data"]["quotes"]["transformer"]
    assert t["learned"] and not t["flips"] and t["first"] < 0 and t["second"] < 0
    said = _readouts(r["parts"]["main"])[0]
    assert ("sigue prefiriendo" if lang == "es" else "continua preferindo") in said
    page = _page(lang)
    assert "cambia de preferencia en las tres" not in page and "muda de preferência nos quatro" not in page
    assert "só o Transformer percebe" not in page


@pytest.mark.parametrize("lang", LANGS)
def test_counting_sees_a_probe_only_within_its_reach(lang):
    """«Si los dos comienzos terminan igual … su «Cambio» es 0»: an n-gram's shift is 0 exactly when
    the contexts last differ farther back than it looks, and not 0 when it can see the difference."""
    d = lesson_core.render("rm_probes", {}, lang)["data"]
    for name, c1, c2, a, b in P.PROBES[lang]:
        assert d["distance"][name] == P.distance(c1, c2, a, b) > 0
        for n in P.ORDERS:
            blind = d["distance"][name] > n - 1
            assert (d[name][f"ngram{n}"]["shift"] == 0) == blind, (name, n)
    assert d["distance"]["quotes"] > 6            # «demasiado lejos para todos ellos»
    for k in ("bigram", "ngram5", "ngram7"):
        assert d["quotes"][k]["shift"] == 0
    g = d["gender"]
    if lang == "es":   # «el 7-grama, que mira 6 letras hacia atrás, lo alcanza y acierta; el 5-grama, que mira 4, no»
        assert 4 < d["distance"]["gender"] <= 6
        assert g["ngram7"]["learned"] and g["ngram7"]["flips"] and g["ngram5"]["shift"] == 0
    else:              # «nem o 7-grama … chega lá. Os bigramas acertam porque o artigo é o token logo antes»
        assert d["distance"]["gender"] > 6 and g["ngram7"]["shift"] == 0 == g["ngram5"]["shift"]
        assert g["bigram"]["learned"]
        assert [gen.prompt(lang, c, keep=99).tokens[-1].piece for c in ("Brinca com a", "Brinca com o")] == [" a", " o"]
        first = [gen.prompt(lang, w, keep=99).tokens[0].piece for w in (" menina", " menino")]
        assert first[0] != first[1], first   # the word's first token already differs: the article is its bigram's context
        for name in ("capital", "number"):   # «só percebe as pistas coladas na continuação»
            assert all(d[name][k]["learned"] for k in ("bigram", "ngram5", "ngram7")), name


def test_the_distance_follows_the_docstring_example():
    assert P.distance("Juega con la", "Juega con el", " niña", " niño") == 5
    assert P.distance("x", "x", "a", "b") == 0


# --- the scaling curves (finding 3) ------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_7gram_is_shown_and_the_extrapolation_is_one(lang):
    s = lesson_core.render("rm_scaling", {}, lang)
    d = s["data"]
    assert d["ngram7_bpc"] == manifest(lang)["scaling"]["ngram7_bpc"] and "7-grama" in s["parts"]["main"]
    # «al 7-grama no llega a alcanzarlo … aunque la distancia se achica en cada tamaño»
    assert d["overtakes7_at"] is None and all(g > 0 for g in d["gap7"])
    assert all(a > b for a, b in zip(d["gap7"], d["gap7"][1:]))
    # «la del Transformer baja más» than both counters
    assert d["gain_transformer"] > d["gain_ngram7"] > 0 and d["gain_transformer"] > d["gain_ngram5"] > 0
    assert ("va por delante en todos los tamaños" if lang == "es" else "à frente em todos os tamanhos") \
        in plain(s["parts"]["main"])
    page = _page(lang)
    assert "extrapolación" in page if lang == "es" else "extrapolação" in page
    assert 'value("rm_scaling", "gain_ngram7"' in page and 'value("rm_scaling", "gap7.3"' in page


# --- units (finding 9) ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_nats_per_token_become_the_bits_per_character_of_the_table(lang):
    man = manifest(lang)
    c = lesson_core.render("rm_compare", {}, lang)["data"]
    conv = c["convert"]
    assert conv["tokens"] == man["val_tokens"] - 1 and conv["chars"] == man["val_chars"]
    assert conv["bpc"] == pytest.approx(man["val_bpc"], abs=5e-4)
    assert round(conv["bpc"], 2) == round(c["held_out"]["transformer"], 2)   # «el número del Transformer en la tabla»
    assert conv["nats"] == pytest.approx(conv["loss"] * conv["tokens"]) and conv["loss"] == man["val_loss"]


# --- text the model has not read (finding 10) ----------------------------------------------------

def _page_texts(lang: str, widget_id: str) -> list[str]:
    return re.findall(r'widget\("' + widget_id + r'", text="([^"]+)"', _page(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_default_sentences_are_not_in_the_training_text(lang):
    text = _training_text(lang)
    compare = _page_texts(lang, "rm_compare")
    assert compare == [RC.SENTENCE[lang]]
    words = RC.SENTENCE[lang].split()
    longest = max(k for k in range(1, len(words) + 1) for i in range(len(words) - k + 1)
                  if k == 1 or " ".join(words[i:i + k]) in text)
    assert longest <= 4, longest   # no run of five words of it was read either
    for wid in ("rm_compare", "rm_attention", "rm_next", "rm_heads", "rm_generate"):
        for sentence in _page_texts(lang, wid):
            assert sentence not in text, (wid, sentence)


# --- the next token, the attention map, BPE (findings 16, 19, 18) --------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_junk_text_ends_mid_word(lang):
    """«termina a mitad de una palabra: los candidatos que encabezan la tabla son trozos para
    completarla, sin espacio delante», and the page links the confident answer to hallucination."""
    top = lesson_core.render("rm_next", {"text": "qwerty zxcv asdf"}, lang)["data"]["top"]
    assert all(piece[:1].isalpha() for piece, _ in top[:3]), top[:3]
    page = _page(lang)
    assert "qwerty zxcv asdf" in page
    assert re.search(r"\]\(turing-4-scale\.md#(lo-que-no-ha-cambiado|o-que-nao-mudou)\)", page)
    scale = (ROOT / "docs" / lang / "turing-4-scale.md").read_text(encoding="utf-8")
    assert ("### Lo que no ha cambiado" if lang == "es" else "### O que não mudou") in scale


@pytest.mark.parametrize("lang", LANGS)
def test_each_attention_row_sums_to_one_with_every_token(lang):
    for text in _page_texts(lang, "rm_attention"):
        pr = gen.prompt(lang, text)
        run = gen.run_for(lang, pr.ids)
        assert len(pr.tokens) > 7   # more than a phone's map shows: the page says the rest still counts
        for layer in run.attention:
            for rows in layer:
                assert all(abs(sum(r) - 1) < 1e-9 for r in rows)


def test_the_bpe_table_says_it_shows_the_most_frequent_words():
    for lang in LANGS:
        d = lesson_core.render("bpe_own", {}, lang)
        assert d["data"]["words"] > d["data"]["words_shown"] == RM_BPE_ROWS
        note = {"es": f"las {RM_BPE_ROWS} palabras más frecuentes de {d['data']['words']}",
                "pt": f"as {RM_BPE_ROWS} palavras mais frequentes de {d['data']['words']}"}[lang]
        assert note in plain(d["parts"]["main"])
    short = lesson_core.render("bpe_own", {"corpus": "uno dos tres"}, "es")
    assert short["data"]["words"] == short["data"]["words_shown"] == 3 and "más frecuentes" not in short["parts"]["main"]

