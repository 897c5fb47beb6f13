"""«Your own corpus»: chapter 1's bigram table and BPE steps on a text the reader pastes.

The counting is chapter 1's (:mod:`lesson_core.topics.bigram`, :mod:`lesson_core.topics.bpe`); this module
turns free text into their inputs: sentences of lower-case words ending in a full stop,
and (word, count) pairs. Input is bounded (MAX_CHARS characters, MAX_WORDS distinct words).

Example: sentences("El gato come. ¡El perro!") -> ["el gato come .", "el perro ."].
"""

from __future__ import annotations

import html as html_lib
import re

from ..topics import bigram, bpe
from ..topics import tokenizer as tok
from ..kit.controls import Range, Text
from ..kit.fmt import fmt, quote, tr
from ..kit.html import Markup, h
from ..kit.registry import View, widget
from ..kit.svgkit import table
from .turing_text import frac

__all__ = ["sentences", "word_counts", "MAX_CHARS", "MAX_WORDS", "MAX_MERGES"]

LESSON = "real_model"
MAX_CHARS = 3000
MAX_WORDS = 400   # distinct words the BPE steps work on
MAX_MERGES = 20
SHOWN_WORDS = 12  # rows of the BPE word table (the most frequent words; the table says so when it cuts)
STOP = "."
WORD = re.compile(r"[^\W\d_]+|\d+")
SAMPLE = ("El gato duerme en el sofá. El perro duerme en la alfombra. El gato come pescado. "
          "El perro come carne. La niña mira al gato.")


def sentences(text: str) -> list[str]:
    """Lower-case words of each sentence, space-separated, with the full stop as a last token."""
    out = []
    for part in re.split(r"[.!?;\n]+", text):
        words = WORD.findall(part.lower())
        if words:
            out.append(" ".join(words + [STOP]))
    return out


def word_counts(text: str) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for w in WORD.findall(text.lower()):
        counts[w] = counts.get(w, 0) + 1
    return list(counts.items())


def _bounded(text: str, lang: str) -> tuple[str, list]:
    text, cut = tok.bound(text, MAX_CHARS)
    text, _ = tok.clean(text)
    notes = []
    if cut:
        notes.append(h("p", {"class": "aula-warn"},
                       tr(lang, {"es": f"El texto es muy largo: se usan los primeros {fmt(MAX_CHARS, lang)} caracteres.",
                        "pt": f"O texto é muito longo: usamos os primeiros {fmt(MAX_CHARS, lang)} caracteres."})))
    return text, notes


def _note(text: str) -> Markup:
    return h("p", {"class": "aula-warn"}, text)


def _plain(markup: str) -> str:
    """The text of a note (for the summary), tags removed and entities decoded."""
    return html_lib.unescape(re.sub(r"<[^>]+>", "", markup))


CORPUS_LABEL = {"es": "Tu corpus (pega cualquier texto)", "pt": "Seu corpus (cole qualquer texto)"}


@widget("bigram_own", lesson=LESSON,
        title={"es": "La tabla de bigramas, con tu propio texto", "pt": "A tabela de bigramas, com o seu próprio texto"},
        controls=[Text("corpus", CORPUS_LABEL, SAMPLE, max_len=MAX_CHARS, rows=5),
                  Text("word", {"es": "Palabra", "pt": "Palavra"}, "el", max_len=40)],
        parts={"main": ("corpus", "word")})
def bigram_own(p: dict, lang: str) -> View:
    """Chapter 1's counting on the reader's text: which words follow the chosen one, and how often."""
    text, notes = _bounded(p["corpus"], lang)
    sents = sentences(text)
    word = " ".join(WORD.findall(p["word"].lower()))
    n_words = sum(len(s.split()) - 1 for s in sents)
    rows = bigram.next_table(sents, word) if word and " " not in word else []
    total = sum(c for _, c, _ in rows)
    if not sents:
        notes.append(_note(tr(lang, {"es": "El corpus está vacío: pega unas frases.", "pt": "O corpus está vazio: cole algumas frases."})))
    elif not word or " " in word:
        notes.append(_note(tr(lang, {"es": "Escribe una sola palabra.", "pt": "Digite uma palavra só."})))
    elif not rows:
        notes.append(_note(tr(lang, {"es": f"{quote(word, lang)} no aparece en tu corpus seguida de otra palabra.",
                            "pt": f"{quote(word, lang)} não aparece no seu corpus seguida de outra palavra."})))
    head = [tr(lang, {"es": "Palabra siguiente", "pt": "Próxima palavra"}), tr(lang, {"es": "Recuento", "pt": "Contagem"}),
            tr(lang, {"es": "Probabilidad", "pt": "Probabilidade"})]
    body = [[quote(w, lang), c, frac(pr, lang)] for w, c, pr in rows[:30]]
    summary = tr(lang, {"es": f"{fmt(len(sents), lang)} frases y {fmt(n_words, lang)} palabras. Detrás de {quote(word, lang)} "
                     f"hay {fmt(total, lang)} apariciones; cada recuento se divide entre {fmt(total, lang)}.",
               "pt": f"{fmt(len(sents), lang)} frases e {fmt(n_words, lang)} palavras. Depois de {quote(word, lang)} "
                     f"há {fmt(total, lang)} ocorrências; cada contagem é dividida por {fmt(total, lang)}."})
    out = Markup("".join(notes) + (h("p", {"class": "aula-readout"}, summary) + table(head, body) if rows else ""))
    said = summary if rows else " ".join(_plain(n) for n in notes)
    return View(parts={"main": out}, summary=said, data={"sentences": len(sents), "total": total,
                                           "rows": [[w, c, float(pr)] for w, c, pr in rows[:30]]})


_STATES: dict = {}


def _states(corpus: tuple) -> list:
    if corpus not in _STATES:
        if len(_STATES) > 4:
            _STATES.pop(next(iter(_STATES)))
        _STATES[corpus] = bpe.train(list(corpus), MAX_MERGES)
    return _STATES[corpus]


@widget("bpe_own", lesson=LESSON,
        title={"es": "BPE paso a paso, con tu propio texto", "pt": "BPE passo a passo, com o seu próprio texto"},
        controls=[Text("corpus", CORPUS_LABEL, SAMPLE, max_len=MAX_CHARS, rows=5),
                  Range("step", {"es": "Fusiones hechas", "pt": "Fusões feitas"}, 5, min=0, max=MAX_MERGES, step=1)],
        parts={"main": ("corpus", "step")})
def bpe_own(p: dict, lang: str) -> View:
    """Chapter 1's byte-pair merges learned on the reader's words (each word counted, words never joined)."""
    text, notes = _bounded(p["corpus"], lang)
    counts = word_counts(text)
    if len(counts) > MAX_WORDS:
        notes.append(_note(tr(lang, {"es": f"Se usan las primeras {MAX_WORDS} palabras distintas.",
                            "pt": f"Usamos as primeiras {MAX_WORDS} palavras diferentes."})))
        counts = counts[:MAX_WORDS]
    if not counts:
        notes.append(_note(tr(lang, {"es": "El corpus está vacío: pega unas frases.", "pt": "O corpus está vazio: cole algumas frases."})))
        return View(parts={"main": Markup("".join(notes))}, data={"merges": [], "vocab": 0},
                    summary=" ".join(_plain(n) for n in notes))
    states = _states(tuple(counts))
    st = states[min(p["step"], len(states) - 1)]
    if p["step"] >= len(states):
        notes.append(_note(tr(lang, {"es": f"No quedan pares después de {len(states) - 1} fusiones.",
                            "pt": f"Não sobram pares depois de {len(states) - 1} fusões."})))
    merges = h("ol", {"class": "aula-merges"}, [h("li", None, f"{a} + {b} → {a + b} ({c})") for (a, b), c in st["merges"]])
    pairs = sorted(st["stats"].items(), key=lambda kv: -kv[1])[:8]
    nxt = st["next"]
    pair_rows = [[h("strong", None, f"{a} + {b}") if (a, b) == nxt else f"{a} + {b}", c] for (a, b), c in pairs]
    words = sorted(zip(counts, st["words"]), key=lambda t: -t[0][1])[:SHOWN_WORDS]
    word_rows = [[w, f, h("code", None, " · ".join(pieces))] for (w, f), (pieces, _) in words]
    cut_note = "" if len(counts) <= SHOWN_WORDS else h("p", {"class": "aula-note"}, tr(lang, {
        "es": f"La tabla muestra las {SHOWN_WORDS} palabras más frecuentes de {fmt(len(counts), lang)}.",
        "pt": f"A tabela mostra as {SHOWN_WORDS} palavras mais frequentes de {fmt(len(counts), lang)}."}))
    lab = tr(lang, {"es": ("Palabra", "Frecuencia", "Fragmentos", "Par", "Recuento", "Vocabulario"),
           "pt": ("Palavra", "Frequência", "Fragmentos", "Par", "Contagem", "Vocabulário")})
    summary = tr(lang, {"es": f"{fmt(len(counts), lang)} palabras distintas; {len(st['merges'])} fusiones; "
                     f"{lab[5].lower()} de {fmt(len(st['vocab']), lang)} fragmentos.",
               "pt": f"{fmt(len(counts), lang)} palavras diferentes; {len(st['merges'])} fusões; "
                     f"{lab[5].lower()} de {fmt(len(st['vocab']), lang)} fragmentos."})
    out = Markup("".join(notes) + h("p", {"class": "aula-readout"}, summary)
                 + h("div", {"class": "aula-cols"},
                     h("div", None, table(lab[3:5], pair_rows)), h("div", None, merges))
                 + cut_note + h("div", {"class": "aula-scroll"}, table(lab[:3], word_rows)))
    done = "; ".join(f"{a} + {b} → {a + b} ({c})" for (a, b), c in st["merges"])
    said = summary + (f" {done}." if done else "")
    if nxt is not None:
        said += tr(lang, {"es": f" Siguiente par: {nxt[0]} + {nxt[1]} ({st['stats'][nxt]}).",
                 "pt": f" Próximo par: {nxt[0]} + {nxt[1]} ({st['stats'][nxt]})."})
    return View(parts={"main": out}, summary=said, data={"merges": ["".join(pr) for pr, _ in st["merges"]],
                                           "vocab": len(st["vocab"]), "words": len(counts),
                                           "words_shown": len(word_rows)})


PARITY_CASES = [
    ("bigram_own", {"corpus": "Un dia. Un gato! Um gato? Um cão\x00.", "word": "um"}),
    ("bigram_own", {"corpus": "", "word": "x"}),
    ("bpe_own", {"corpus": "banana bandana ananá " * 5, "step": 20}),
]
