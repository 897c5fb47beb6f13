"""Greedy longest-match tokenizer with byte fallback: the lesson's examples, edge texts, round trip."""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lesson_core
from lesson_core.topics import tokenizer as tok
from lesson_core.data.tokenizer import GLOSS, SAMPLES, VOCAB
from conftest import assert_clean_html as clean_html

LANGS = ("es", "pt")
VOCABS = {lang: tok.build_vocab(VOCAB[lang]) for lang in LANGS}


def reference_tokenize(text: str, vocab: dict[str, int]) -> list[tuple[int, bytes]]:
    """Brute force: at each position try every entry; keep the longest that matches."""
    out, i = [], 0
    while i < len(text):
        best = max((e for e in vocab if text.startswith(e, i)), key=len, default=None)
        if best is None:
            out += [(b, bytes([b])) for b in text[i].encode("utf-8")]
            i += 1
        else:
            out.append((vocab[best], best.encode("utf-8")))
            i += len(best)
    return out


# --- the lesson's examples -----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_mi_falls_back_to_three_bytes(lang):
    tokens = tok.tokenize("咪", VOCABS[lang])
    assert [t.id for t in tokens] == [0xE5, 0x92, 0xAA] == [229, 146, 170]
    assert all(t.is_byte and t.piece == "咪" for t in tokens)
    cat = tok.tokenize("猫咪", VOCABS[lang])
    assert cat[0].piece == "猫" and not cat[0].is_byte and [t.id for t in cat[1:]] == [229, 146, 170]


@pytest.mark.parametrize("lang,second", [("es", "aprendizaje"), ("pt", "aprendizado")])
def test_machine_learning_is_two_tokens(lang, second):
    tokens = tok.tokenize("机器学习", VOCABS[lang])
    assert [t.piece for t in tokens] == ["机器", "学习"]
    assert all(t.id >= 256 for t in tokens)
    assert GLOSS["机器"][lang] == "máquina" and GLOSS["学习"][lang] == second
    r = lesson_core.render("tokenizer", {"text": "机器学习"}, lang)
    quoted = f"«{second}»" if lang == "es" else f"“{second}”"
    assert r["data"]["n_tokens"] == 2 and quoted in r["parts"]["main"]


def test_seed_ids_and_default_text():
    assert VOCABS["es"]["gato"] == 257 and VOCABS["es"]["perro"] == 258
    assert VOCABS["pt"]["gato"] == 257 and VOCABS["pt"]["cachorro"] == 258
    for lang in LANGS:  # the seed's default shows 9 tokens
        r = lesson_core.render("tokenizer", {}, lang)
        assert r["ok"] and r["params"]["text"] == SAMPLES[0] and r["data"]["n_tokens"] == 9


def test_longest_match_wins():
    v = VOCABS["es"]
    assert [t.piece for t in tok.tokenize("aprendizaje", v)] == ["aprendizaje"]
    assert [t.piece for t in tok.tokenize("aprendizajes", v)] == ["aprendizaje", "s"]
    assert [t.piece for t in tok.tokenize("aprendizados", VOCABS["pt"])] == ["aprendizado", "s"]
    assert [t.piece for t in tok.tokenize("机学习", v)] == ["机", "学习"]
    assert tok.build_vocab(["ab", "a"]) == {"ab": 256, "a": 257}
    with pytest.raises(ValueError):
        tok.build_vocab(["a", "a"])


# --- edge texts ------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_empty_text(lang):
    assert tok.tokenize("", VOCABS[lang]) == []
    r = lesson_core.render("tokenizer", {"text": ""}, lang)
    assert r["ok"] and r["data"]["n_tokens"] == 0 and "aula-warn" in r["parts"]["main"]


def test_emoji_with_zwj_joiners():
    tokens = tok.tokenize("👩‍💻", VOCABS["es"])
    assert bytes(t.id for t in tokens).hex(" ").upper() == "F0 9F 91 A9 E2 80 8D F0 9F 92 BB"
    html = lesson_core.render("tokenizer", {"text": "👩‍💻"}, "es")["parts"]["main"]
    assert "U+200D" in html and "\u200d" not in html


def test_combining_accent_and_precomposed_differ():
    v = VOCABS["es"]
    pre = tok.tokenize("café", v)
    dec = tok.tokenize("cafe\u0301", v)
    assert pre[-1].piece == "é" and pre[-1].id >= 256
    assert [t.id for t in dec[-3:]] == [ord("e"), 0xCC, 0x81]
    assert tok.visible("e\u0301") == "e\u25cc\u0301"


def test_right_to_left_and_bidi_controls_are_contained():
    text = "שלום \u202eabc"
    r = lesson_core.render("tokenizer", {"text": text}, "pt")
    html = r["parts"]["main"]
    assert r["ok"] and '<div class="aula-chips" dir="ltr">' in html and "<bdi" in html
    assert "\u202e" not in html and "U+202E" in html
    assert tok.detokenize(tok.tokenize(text, VOCABS["pt"])) == text.encode()


def test_control_characters_are_shown_escaped():
    text = "a\x00b\x07\t\n\r\x7f\u0085"
    html = lesson_core.render("tokenizer", {"text": text}, "es")["parts"]["main"]
    for shown in ("U+0000", "U+0007", "\\t", "\\n", "\\r", "U+007F", "U+0085"):
        assert shown in html
    assert not any(ch in html for ch in "\x00\x07\t\r\x7f\u0085")
    assert tok.visible("\x00 \u200d") == "U+0000␣U+200D"


def test_user_markup_is_escaped():
    r = lesson_core.render("tokenizer", {"text": '<script>alert("x")</script><img src=x onerror=1>'}, "es")
    html = r["parts"]["main"]
    clean_html(html)
    assert "<img" not in html and "&lt;" in html


def test_lone_surrogate_is_replaced_not_a_crash():
    r = lesson_core.render("tokenizer", {"text": "a\ud800b"}, "es")
    assert r["ok"] and "U+FFFD" in r["parts"]["main"] and r["data"]["n_bytes"] == 5
    assert tok.clean("x\udfffy") == ("x\ufffdy", 1)


@pytest.mark.parametrize("text", ["a" * 100_000, "👩‍👩‍👧" * 20_000, "机器学习" * 25_000, "\x00" * 100_000,
                                  "e\u0301" * 50_000, "a" * 10_000_000])
def test_long_input_is_bounded_with_a_message(text):
    for lang, limit in (("es", "2000"), ("pt", "2.000")):
        r = lesson_core.render("tokenizer", {"text": text}, lang)
        assert r["ok"] and r["data"]["truncated"] and r["data"]["n_chars"] == tok.MAX_CHARS
        assert limit in r["parts"]["main"] and len(r["data"]["ids"]) <= 400
        assert len(r["parts"]["main"]) < 120_000
    # the core itself takes the whole 100 000 characters, beyond the widget's bound, and round-trips them
    # (how fast is bench/'s business: bench/tokenizer_times.py)
    short = text[:100_000]
    assert tok.detokenize(tok.tokenize(short, VOCABS["es"])) == short.encode()


def test_bound_is_exact():
    assert tok.bound("x" * 2000) == ("x" * 2000, False)
    assert tok.bound("x" * 2001) == ("x" * 2000, True)


# --- properties --------------------------------------------------------------------------

@settings(max_examples=500, deadline=None)
@given(text=st.text(max_size=300), lang=st.sampled_from(LANGS))
def test_round_trip_any_unicode(text, lang):
    tokens = tok.tokenize(text, VOCABS[lang])
    assert tok.detokenize(tokens) == text.encode("utf-8")
    for t in tokens:
        assert (t.id < 256) == t.is_byte
        if t.is_byte:
            assert t.data == bytes([t.id])
        else:
            assert VOCABS[lang][t.piece] == t.id and t.data == t.piece.encode()


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(sorted({c for e in VOCAB["es"] for c in e} | {" ", "x", "咪"})),
                    max_size=60))
def test_greedy_matches_brute_force(text):
    ours = [(t.id, t.data) for t in tok.tokenize(text, VOCABS["es"])]
    assert ours == reference_tokenize(text, VOCABS["es"])


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x10FFFF, blacklist_categories=()),
                    max_size=2500), lang=st.sampled_from(LANGS))
def test_widget_never_fails(text, lang):
    r = lesson_core.render("tokenizer", {"text": text}, lang)
    assert r["ok"]
    clean_html(r["parts"]["main"])
    assert r["data"]["n_chars"] == min(len(text), tok.MAX_CHARS)
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in r["parts"]["main"])
