"""Prose and figures cannot drift apart.

Every number typed in a page's prose (outside ``{{ value(...) }}``, formulas, link targets and code)
must be accounted for here: small counts and dates by a stated rule; anything else by an entry that
either checks it against lesson_core (a parameter the page passes to a widget, a constant, a data
row) or says why it is a plain fact of the text. Sentences the prose quotes from a sampling widget
are re-drawn from the widget and compared.

A new number in a page fails this test until it is computed with value() or listed below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import lesson_core
from lesson_core.data import published_models as data_models, sampling as data_sampling, vectors as data_vectors
from lesson_core.topics import diffusion, scale
from lesson_core.kit.fmt import fmt_pct
from lesson_core.kit.numtext import NumberTextError, read_number
from lesson_core.kit.registry import get
from lesson_core.widgets import positional as pe_widgets
from lesson_core.widgets import positional_waves as pe_waves

DOCS = Path(__file__).resolve().parent.parent / "docs"
LANGS = ("es", "pt")

_FRONT = re.compile(r"\A---\n.*?\n---\n", re.S)
_STRIP = [re.compile(r"\{\{.*?\}\}", re.S), re.compile(r"\$\$.*?\$\$", re.S), re.compile(r"\$[^$\n]+\$"),
          re.compile(r"\]\([^)]*\)"), re.compile(r"`[^`]*`"), re.compile(r"<[^>]+>")]
_LIST_MARK = re.compile(r"^\s*\d+\.\s", re.M)
_NUMBER = re.compile(r"(?<![\w])[−-]?\d+(?:[.,\u202f\u00a0 ]\d+)*(?![\w])")


def prose_numbers(text: str) -> list[str]:
    """The numbers a reader sees typed in a page, as written."""
    text = _FRONT.sub("", text)
    for rx in _STRIP:
        text = rx.sub(" ", text)
    return _NUMBER.findall(_LIST_MARK.sub("", text))


def _value(raw: str) -> float | str:
    try:
        return read_number(raw.replace("−", "-"))
    except NumberTextError:
        return raw


def _model(mid: str) -> dict:
    return next(m for m in data_models.MODELS if m["id"] == mid)


def _param(page: str, widget_id: str, name: str, value: float):
    """The page passes this value to the widget in a macro call."""
    def check(lang: str) -> bool:
        text = (DOCS / lang / page).read_text(encoding="utf-8")
        calls = re.findall(r"\{\{\s*(?:value|widget)\(\"" + widget_id + r"\"[^}]*\}\}", text)
        return any(re.search(rf"\b{name}=({value}|{float(value)})\b", c) for c in calls)
    return check


def _control(widget_id: str, name: str, attr: str, expected: float):
    return lambda lang: getattr(get(widget_id).control(name), attr) == expected


def _fact(reason: str):
    """A number of the story told (a date, a published figure not in the data): kept as text."""
    return lambda lang: bool(reason)


SMALL = 10  # counts, ordinals and bounds of the explanation: "2 números", "capítulo 3", "entre −1 y 1"


def rule(v: float | str) -> str | None:
    if isinstance(v, float) and v.is_integer() and abs(v) <= SMALL:
        return "a small count, ordinal or bound of the explanation"
    if isinstance(v, float) and v.is_integer() and 1900 <= v <= 2030:
        return "a date of the history told"
    return None


B = 1e9
ALLOW: dict[str, dict[float, object]] = {
    "positional-encoding.md": {
        5000: _param("positional-encoding.md", "pe_raw_vs_wave", "pos", 5000),
        250: _param("positional-encoding.md", "pe_raw_vs_wave", "pos", 250),
        8000: _fact("an example of a position longer than the training texts"),
        10000: lambda lang: get("pe_raw_vs_wave").control("pos").max == 10000,
        360: _fact("degrees in a turn"),
        49: lambda lang: pe_widgets.MAP_POSITIONS - 1 == 49,
        100000: _control("pe_fingerprint", "pos", "max", 100000),
        300: _param("positional-encoding.md", "pe_ambiguity", "b", 300),
        16: lambda lang: pe_waves.AMB_D == 16,
        512: _fact("BERT's table of learned positions (Devlin et al. 2018)"),
        1024: _fact("GPT-2's table of learned positions (Radford et al. 2019)"),
        37: _fact("an arbitrary word number in the closing question"),
    },
    "turing-1-words.md": {
        70: _fact("Turing's 1950 prediction: at most 70 % right identifications after five minutes"),
        92: lambda lang: "咪".encode("utf-8")[1] == 0x92,
        15: _fact("hexadecimal digit F"),
        255: lambda lang: len(bytes(range(256))) - 1 == 255,
        256: lambda lang: 2 ** 8 == 256,
    },
    "turing-2-vectors.md": {
        300: _fact("two arbitrary token ids compared (300 vs 200)"),
        200: _fact("two arbitrary token ids compared (300 vs 200)"),
        19: lambda lang: len(data_vectors.VECTORS) == 19,
        8: lambda lang: len(next(iter(data_vectors.VECTORS.values()))) == 8,
        512: _fact("the 2017 Transformer's model dimension"),
        2048: _fact("the 2017 Transformer's feed-forward width, d_ff (Vaswani et al. 2017, Table 3)"),
        12288: _fact("GPT-3's model dimension (Brown et al. 2020)"),
        90: _fact("degrees of a right angle"), 180: _fact("degrees of a straight angle"),
        64: _fact("typical query/key size in real models"), 128: _fact("typical query/key size in real models"),
        65: lambda lang: _model("transformer")["params"] == 65e6,
        12: _fact("training time of the 2017 Transformer base (12 hours)"),
    },
    "turing-3-generation.md": {
        -1.5: lambda lang: data_sampling.H[3] == -1.5,
        100: lambda lang: 100 in get("next_token").control("draws").values(),
        0.5: lambda lang: (_param("turing-3-generation.md", "next_token", "top_p", 0.5)(lang)
                           and data_sampling.TRAIN_LOGITS[0] == 0.5),
        175: lambda lang: _model("gpt3")["params"] == 175 * B,
        0.8: lambda lang: data_sampling.TRAIN_LOGITS[1] == 0.8,
        0.2: lambda lang: data_sampling.TRAIN_LOGITS[2] == 0.2 and 0.2 in get("chain_rule").control("eta").values(),
        12: lambda lang: get("train_logits").control("step").max == 12,
        0.1: lambda lang: 0.1 in get("chain_rule").control("eta").values(),
        0.3: lambda lang: 0.3 in get("chain_rule").control("eta").values(),
        1.5: _fact("the chain-rule example's minimum: 2w − 3 = 0"),
        50: _fact("an arbitrary step of a recurrent network (50 needs 49)"),
        49: _fact("an arbitrary step of a recurrent network (50 needs 49)"),
        1000: _param("turing-3-generation.md", "rnn_vs_transformer", "n", 1000),
    },
    "turing-4-scale.md": {
        1500: lambda lang: _model("gpt2")["params"] == 1.5 * B,
        1.5: lambda lang: _model("gpt2")["params"] == 1.5 * B,
        175: lambda lang: _model("gpt3")["params"] == 175 * B,
        300: lambda lang: _model("gpt3")["tokens"] == 300 * B,
        20: lambda lang: round(_model("chinchilla")["tokens"] / _model("chinchilla")["params"]) == 20,
        70: lambda lang: _model("chinchilla")["params"] == 70 * B,
        1.4: lambda lang: _model("chinchilla")["tokens"] == 1400 * B,
        280: lambda lang: _model("gopher")["params"] == 280 * B,
        65: lambda lang: _model("transformer")["params"] == 65e6,
        671: lambda lang: _model("deepseekv3")["params"] == 671 * B,
        37: lambda lang: _model("deepseekv3")["active"] == 37 * B,
        1300: lambda lang: _model("instructgpt")["params"] == 1.3 * B,
        1.3: lambda lang: _model("instructgpt")["params"] == 1.3 * B,
        2048: _fact("GPT-3's context window (Brown et al. 2020)"),
        0.1: _fact("the size of the noise error the pixel box tries (± 0,1)"),
        0.8: lambda lang: get("diffusion_pixel").control("x0").default == 0.8,
        240: lambda lang: diffusion.N_TRAIN == 240 and len(diffusion.heart_points()) == 240,
        16: lambda lang: diffusion.STEPS == 16,
        500: lambda lang: diffusion.N_GEN == 500,
        499: _control("diffusion_heart_generate", "point", "max", 499),
        14: _param("turing-4-scale.md", "diffusion_heart_generate", "step", 14),
    },
    "real-model.md": {
        256: lambda lang: 2 ** 8 == 256,  # the byte tokens every byte-level BPE vocabulary starts with
    },
}


def _pages() -> list[tuple[str, str]]:
    return [(lang, p.name) for lang in LANGS for p in sorted((DOCS / lang).glob("*.md"))]


@pytest.mark.parametrize("lang, page", _pages())
def test_every_typed_number_is_accounted_for(lang, page):
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    loose = []
    for raw in prose_numbers(text):
        v = _value(raw)
        if rule(v):
            continue
        check = ALLOW.get(page, {}).get(v)
        if check is None:
            loose.append(raw)
        else:
            assert check(lang), f"{lang}/{page}: {raw} no longer matches lesson_core"
    assert not loose, (f"{lang}/{page}: numbers typed in the prose: {loose}. Compute them with value(...) "
                       "or list them in tests/test_prose_claims.py with a check or a reason.")


def test_the_scan_sees_typed_numbers_and_skips_computed_ones():
    text = 'En la palabra 5000 queda el {{ value("pe_raw_vs_wave", "raw_share", pos=5000) }}; $x = 3$ y 1,5.'
    assert prose_numbers(text) == ["5000", "1,5"]
    assert _value("5.000") == _value("5000") == 5000 and _value("1,5") == 1.5


# --- sentences the prose quotes from sampling widgets -------------------------------------------

def _sentence(start: str, seed: int, lang: str) -> str:
    """The drawn sentence without its full stop."""
    words = lesson_core.render("bigram_sampler", {"start": start, "seed": seed}, lang)["data"]["words"]
    assert words[-1] == "."
    return " ".join(words[:-1])


QUOTED = {
    "es": [("the_pl", 0, "«los abrigos sobre alfombras»"), ("the", 6, "«el perro persiguió al perro comió un hueso»")],
    "pt": [("the_pl", 0, "“os casacos sobre tapetes”"), ("the", 6, "“o cachorro perseguiu o gato comeu um osso”")],
}


@pytest.mark.parametrize("lang", LANGS)
def test_quoted_sentences_are_what_the_sampler_draws(lang):
    text = (DOCS / lang / "turing-1-words.md").read_text(encoding="utf-8")
    for start, seed, quoted in QUOTED[lang]:
        assert quoted in text
        assert quoted[1:-1] == _sentence(start, seed, lang), (start, seed)
    # seed 3 from «el» (es) / seed 0 from «o» (pt) goes round the loop persiguió → al/o → ... before the stop
    loop_seed = {"es": 3, "pt": 0}[lang]
    words = lesson_core.render("bigram_sampler", {"start": "the", "seed": loop_seed}, lang)["data"]["words"]
    chased = {"es": "persiguió", "pt": "perseguiu"}[lang]
    assert chased in text and words.count(chased) >= 2 and words[-1] == "."


@pytest.mark.parametrize("lang", LANGS)
def test_top_k_and_top_p_survivors_named_in_the_prose(lang):
    text = (DOCS / lang / "turing-3-generation.md").read_text(encoding="utf-8")
    labels = [c[1][lang] for c in data_sampling.CANDIDATES]
    q = (lambda w: f"«{w}»") if lang == "es" else (lambda w: f"“{w}”")
    kept_k = [labels[i] for i, p in enumerate(lesson_core.render("next_token", {"top_k": 3}, lang)["data"]["probs"]) if p]
    kept_p = [labels[i] for i, p in enumerate(lesson_core.render("next_token", {"top_p": 0.5}, lang)["data"]["probs"]) if p]
    assert kept_k == labels[:3] and kept_p == labels[:2]
    assert all(q(w) in text for w in kept_k)


def test_person_words_coincide_on_the_first_three_axes():
    """turing-2: the six person words fall on one point of the animal/vehicle/food view."""
    people = ["man", "woman", "king", "queen", "boy", "girl"]
    assert len({tuple(data_vectors.VECTORS[w][:3]) for w in people}) == 1


def test_time_complexity_box_grows_as_stated():
    """turing-3's box: ten times more text, ten times more RNN steps and about a hundred times more comparisons."""
    small, big = scale.rnn_vs_transformer(1000), scale.rnn_vs_transformer(10000)
    assert big["rnn_sequential"] == 10 * small["rnn_sequential"]
    assert 99 < big["comparisons"] / small["comparisons"] < 101


def test_heart_weights_are_shared_by_a_few_points_near_the_end():
    """turing-4: near the end no single point takes almost all the weight; a few dozen share it."""
    last = lesson_core.render("diffusion_heart_generate", {"step": 14}, "es")["data"]
    assert last["top_weight"] < 0.1 and 10 < last["effective_points"] < 60


@pytest.mark.parametrize("lang", LANGS)
def test_position_share_is_quoted_with_the_widgets_digits(lang):
    """positional-encoding: the prose prints the share with as many decimals as the widget's row."""
    text = (DOCS / lang / "positional-encoding.md").read_text(encoding="utf-8")
    for pos in (5000, 250):
        data = lesson_core.render("pe_raw_vs_wave", {"pos": pos}, lang)["data"]
        quoted = int(re.search(rf'"raw_share", pos={pos}, pct=True, digits=(\d+)\)', text).group(1))
        shown = fmt_pct(data["raw_share"], lang, data["raw_share_digits"])
        assert fmt_pct(data["raw_share"], lang, quoted) == shown


# --- history and caveats (issue 29, deliverable 2) ------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_lstm_gates_are_dated_right(lang):
    """1997: gates for what enters and leaves the memory; the forget gate came in 2000 (Gers,
    Schmidhuber & Cummins, "Learning to forget", Neural Computation 12(10), 2000)."""
    text = (DOCS / lang / "turing-3-generation.md").read_text(encoding="utf-8")
    sentence = re.search(r"E[nm] 1997[^.]*\.", text).group(0)
    assert not re.search(r"olvidar|esquecer", sentence), sentence
    assert re.search(r"2000, co[mn] Felix Gers, Jürgen Schmidhuber [ye] Fred Cummins", text)


def test_pre_normalization_is_credited_to_gpt2():
    """GPT (2018) kept the 2017 post-LN block; GPT-2 (2019) moved layer norm to each sub-block's input."""
    from lesson_core.topics.transformer import BLOCK_PARTS
    norm = dict((pid, text) for pid, _, text in BLOCK_PARTS)["norm1"]
    assert "desde GPT-2 (2019)" in norm["es"] and "a partir do GPT-2 (2019)" in norm["pt"]
    assert "primer GPT" in norm["es"] and "primeiro GPT" in norm["pt"]


@pytest.mark.parametrize("lang", LANGS)
def test_shuffling_changes_the_result_only_with_the_causal_mask(lang):
    """positional-encoding: «si las revuelves, cada ficha obtiene el mismo resultado … Eso vale para la
    atención sin máscara … Con la máscara causal … sus resultados cambian»."""
    from lesson_core.data import attention as da
    from lesson_core.topics.attention import attention
    runs = {}
    for mask in (False, True):
        outs = []
        for ids in da.ORDER_SENTENCES:
            res = attention([list(da.ORDER_FEATURES[t]) for t in ids], da.HEADS["A"], mask=mask)
            outs.append(res["outputs"][ids.index("dog")])
        runs[mask] = outs
    assert runs[False][0] == runs[False][1] and runs[True][0] != runs[True][1]
    text = (DOCS / lang / "positional-encoding.md").read_text(encoding="utf-8")
    assert ("sin máscara" if lang == "es" else "sem máscara") in text
    assert ("máscara causal" in text) and ("cambian" in text if lang == "es" else "mudam" in text)


@pytest.mark.parametrize("lang", LANGS)
def test_lesson2_position_vectors_are_said_to_be_half_size(lang):
    from lesson_core.topics.attention import POSITION_AMPLITUDE, position_code
    from lesson_core.topics import positional as pe
    assert POSITION_AMPLITUDE == 0.5   # «a la mitad de su tamaño» / «com metade do tamanho»
    assert position_code(3) == [POSITION_AMPLITUDE * v for v in pe.pe_vector(3, 4)]
    text = (DOCS / lang / "turing-2-vectors.md").read_text(encoding="utf-8")
    assert 'value("word_order", "amplitude", pos=True)' in text
    assert ("a la mitad de su tamaño" if lang == "es" else "com metade do tamanho") in text
