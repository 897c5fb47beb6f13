"""Lesson 2 widgets, sections 2-4: timeline, counting model, sentence sampler, tokenizer, BPE.

Numbers come from :mod:`lesson_core.topics.bigram`, :mod:`lesson_core.topics.tokenizer` and
:mod:`lesson_core.topics.bpe`; data from the ``data_*`` modules. This module lays them out.
"""

from __future__ import annotations

from ..topics import bigram, bpe
from ..topics import tokenizer as tok
from ..kit.controls import Choice, Range, Text, seed_range
from ..data.bigram import CORPUS, STARTS, STOP, WORDS
from ..data.timeline import APPROACHES, EVENTS
from ..data.tokenizer import GLOSS, SAMPLES, VOCAB
from ..kit.fmt import fmt, fmt_count, mark_decimals, quote, tr
from ..kit.html import Markup, h, num, svg
from ..kit.messages import msg
from ..kit.registry import View, widget
from ..kit.svgkit import BLUE, PAPER, PURPLE, RED, Frame, figure, legend, paint, table, card_table

TIMES = {"es": ("vez", "veces"), "pt": ("vez", "vezes")}  # fmt_count's words

LESSON = "turing"
COLOURS = {"rules": RED, "learning": BLUE, "both": PURPLE}


def _mark(approach: str, x: float, y: float, r: float, cls: str | None = None) -> Markup:
    """An approach's mark: its colour and its shape (rules a square, learning a circle, both a diamond)."""
    look = {"class": cls, **paint(fill=COLOURS[approach])}
    if approach == "learning":
        return h("circle", {"cx": num(x), "cy": num(y), "r": num(r), **look})
    if approach == "rules":
        return h("rect", {"x": num(x - r), "y": num(y - r), "width": num(2 * r), "height": num(2 * r), **look})
    d = r * 1.3
    return h("path", {"d": f"M{num(x)} {num(y - d)}L{num(x + d)} {num(y)}L{num(x)} {num(y + d)}L{num(x - d)} {num(y)}z",
                      **look})


def frac(p, lang: str) -> str:
    """A Fraction as "1/3 = 0,333" (or "1" for certainty)."""
    if p.denominator == 1:
        return fmt(p.numerator, lang)
    return f"{p.numerator}/{p.denominator} = {fmt(float(p), lang, 3)}"


# --- 1. timeline: rules vs learning ---------------------------------------------------

def _timeline_svg(lang: str) -> Markup:
    """Wide: a horizontal time axis, events in two rows. Narrow: a vertical one, events in three
    columns (4 units a year), ticks every 10 years on the left. The legend is HTML under both."""
    lo, hi = 1945, 2025

    def draw(frame: Frame) -> Markup:
        out = []
        if frame.narrow:
            W, x0, top = frame.width, 52, 12
            H = top + 4 * (hi - lo) + 8

            def Y(year: float) -> float:
                return top + 4 * (year - lo)

            out.append(h("line", {"x1": x0, "x2": x0, "y1": top, "y2": num(Y(hi)), "class": "aula-axis"}))
            for y in range(1950, 2030, 10):
                out.append(h("g", None,
                             h("line", {"x1": x0 - 4, "x2": x0 + 4, "y1": num(Y(y)), "y2": num(Y(y)), "class": "aula-axis"}),
                             h("text", {"x": x0 - 8, "y": num(Y(y) + 4), "class": "aula-tick", "text-anchor": "end"}, y)))
            spots = [(x0 + 20 + 22 * (k % 3), Y(ev["year"])) for k, ev in enumerate(EVENTS)]
        else:
            W, H, left, right, y0 = frame.width, 100, 24, 16, 62

            def X(year: float) -> float:
                return left + (W - left - right) * (year - lo) / (hi - lo)

            out.append(h("line", {"x1": left, "x2": W - right, "y1": y0, "y2": y0, "class": "aula-axis"}))
            out += [h("g", None,
                      h("line", {"x1": num(X(y)), "x2": num(X(y)), "y1": y0 - 4, "y2": y0 + 4, "class": "aula-axis"}),
                      h("text", {"x": num(X(y)), "y": y0 + 18, "class": "aula-tick", "text-anchor": "middle"}, y))
                    for y in range(1950, 2030, 10)]
            # two rows of dots so that neighbours in the 2010s do not overlap; numbered as in the menu
            spots = [(X(ev["year"]), y0 - 16 - 20 * (k % 2)) for k, ev in enumerate(EVENTS)]
        out += [h("g", None, _mark(ev["approach"], x, y, 8, "aula-event"),
                  h("text", {"x": num(x), "y": num(y + 4), "class": "aula-dot-label aula-on-mark",
                             "text-anchor": "middle", "font-size": 11, **paint(fill=PAPER)}, k + 1))
                for k, (ev, (x, y)) in enumerate(zip(EVENTS, spots))]
        return svg(W, H, out,
                   label=tr(lang, {"es": "Cronología de 1950 a 2022; el color y la forma indican el enfoque.",
                          "pt": "Linha do tempo de 1950 a 2022; a cor e a forma indicam a abordagem."}))

    return figure(draw, legend([(_mark(a, 12, 6, 5), tr(lang, APPROACHES[a])) for a in ("rules", "learning", "both")]))


@widget("turing_timeline", lesson=LESSON,
        title={"es": "Setenta años en una línea: reglas o aprendizaje",
               "pt": "Setenta anos numa linha: regras ou aprendizado"},
        controls=[Choice("event", {"es": "Acontecimiento", "pt": "Acontecimento"}, "turing",
                         options=[(ev["key"], {lg: f"{k}. {tr(lg, ev['when'])} · {tr(lg, ev['title'])}" for lg in ("es", "pt")})
                                  for k, ev in enumerate(EVENTS, 1)])],
        parts={"line": (), "main": ("event",)})
def timeline(p: dict, lang: str) -> View:
    """Pick an event: what happened and which approach (rules written by people, or learning) it belongs to."""
    ev = next(e for e in EVENTS if e["key"] == p["event"])
    badge = h("p", {"class": f"aula-badge aula-{ev['approach']}"},
              tr(lang, {"es": "Enfoque: ", "pt": "Abordagem: "}), h("strong", None, tr(lang, APPROACHES[ev["approach"]])))
    k = EVENTS.index(ev) + 1
    detail = h("div", {"class": "aula-detail"},
               h("p", {"class": "aula-readout"},
                 h("strong", None, f"{k}. {tr(lang, ev['when'])} — {tr(lang, ev['title'])}")),
               badge, h("p", None, mark_decimals(tr(lang, ev["text"]), lang)))
    summary = tr(lang, {"es": f"Acontecimiento {k} de {len(EVENTS)}: {tr(lang, ev['when'])}, {tr(lang, ev['title'])}. "
                     f"Enfoque: {tr(lang, APPROACHES[ev['approach']])}.",
               "pt": f"Acontecimento {k} de {len(EVENTS)}: {tr(lang, ev['when'])}, {tr(lang, ev['title'])}. "
                     f"Abordagem: {tr(lang, APPROACHES[ev['approach']])}."})
    return View(summary=summary, parts={"line": _timeline_svg(lang), "main": detail},
                data={"event": ev["key"], "year": ev["year"], "approach": ev["approach"]})


# --- 2. bigram table -----------------------------------------------------------------

def _word_choice(name: str, default: str, keys) -> Choice:
    return Choice(name, {"es": "Palabra", "pt": "Palavra"}, default,
                  options=[(k, {lg: tr(lg, WORDS[k]) for lg in ("es", "pt")}) for k in keys])


def _corpus_html(lang: str, word: str) -> Markup:
    """The corpus, one sentence per line; ``word`` marked, and the word after it underlined."""
    lines = []
    for words in bigram.split(tr(lang, CORPUS)):
        spans = []
        for j, w in enumerate(words):
            cls = "aula-hl" if w == word else "aula-next" if j and words[j - 1] == word else None
            spans.append(h("mark" if cls == "aula-hl" else "span", {"class": cls}, w))
            spans.append(" ")
        lines.append(h("li", None, spans[:-1]))
    return h("ol", {"class": "aula-corpus"}, lines)


def _bar(p: float, lang: str) -> Markup:
    return h("meter", {"min": 0, "max": 1, "value": num(p)}, fmt(p, lang, 3))


def _w(word: str, lang: str) -> str:
    """A corpus token for reading: the full stop quoted so it does not vanish."""
    return quote(word, lang) if word == STOP else word


@widget("bigram_table", lesson=LESSON,
        title={"es": "Contar qué palabra viene después", "pt": "Contar qual palavra vem depois"},
        controls=[_word_choice("word", "on", list(WORDS))],
        parts={"main": ("word",)},
        fields=("total", "rows"))
def bigram_table(p: dict, lang: str) -> View:
    """Occurrences of a word in the corpus and the table of next words: count and count / total."""
    word = tr(lang, WORDS[p["word"]])
    rows = bigram.next_table(tr(lang, CORPUS), word)
    total = sum(c for _, c, _ in rows)
    n_occ = len(bigram.occurrences(tr(lang, CORPUS), word))
    head = [tr(lang, {"es": "Palabra siguiente", "pt": "Próxima palavra"}), tr(lang, {"es": "Recuento", "pt": "Contagem"}),
            tr(lang, {"es": "Probabilidad", "pt": "Probabilidade"}), ""]
    body = [[quote(w, lang) if w != STOP else tr(lang, {"es": "«.» (punto)", "pt": "“.” (ponto)"}), c, frac(pr, lang),
             _bar(float(pr), lang)] for w, c, pr in rows]
    body.append([h("strong", None, "Total"), h("strong", None, total), fmt(1 if rows else 0, lang), ""])
    note = tr(lang, {"es": f"{quote(word, lang)} aparece {fmt_count(n_occ, TIMES, lang)}; cada recuento se divide entre {total}.",
            "pt": f"{quote(word, lang)} aparece {fmt_count(n_occ, TIMES, lang)}; cada contagem é dividida por {total}."})
    out = Markup(_corpus_html(lang, word) + h("p", {"class": "aula-readout"}, note) + card_table(head, body))
    nexts = "; ".join(f"{_w(w, lang)} {c} ({frac(pr, lang)})" for w, c, pr in rows)
    summary = note + tr(lang, {"es": f" Palabras siguientes: {nexts}.", "pt": f" Próximas palavras: {nexts}."})
    return View(summary=summary, parts={"main": out},
                data={"word": word, "occurrences": n_occ, "total": total,
                      "rows": [[w, c, float(pr)] for w, c, pr in rows]})


# --- 3. write a sentence: sampling word by word ----------------------------------------

@widget("bigram_sampler", lesson=LESSON,
        title={"es": "Escribir una oración palabra a palabra", "pt": "Escrever uma frase palavra por palavra"},
        controls=[_word_choice("start", "the", STARTS),
                  seed_range(0, max=11)],
        parts={"main": ("start", "seed")})
def bigram_sampler(p: dict, lang: str) -> View:
    """From the start word, draw each next word with the table's probabilities until a full stop."""
    start = tr(lang, WORDS[p["start"]])
    res = bigram.sample(tr(lang, CORPUS), start, p["seed"], STOP, max_words=bigram.MAX_WORDS)
    head = [tr(lang, {"es": "Paso", "pt": "Passo"}), tr(lang, {"es": "Anterior", "pt": "Anterior"}),
            tr(lang, {"es": "Candidatas y probabilidades", "pt": "Candidatas e probabilidades"}),
            tr(lang, {"es": "Azar u", "pt": "Número sorteado u"}), tr(lang, {"es": "Elegida", "pt": "Escolhida"})]
    rows = []
    for k, st in enumerate(res["steps"], 1):
        cands = []
        for w, _, pr in st["candidates"]:
            item = f"{_w(w, lang)} {pr.numerator}/{pr.denominator}" if pr.denominator > 1 else f"{_w(w, lang)} 1"
            cands += [h("strong", None, item) if w == st["chosen"] else item, " · "]
        rows.append([k, _w(st["prev"], lang), cands[:-1], fmt(st["u"], lang, 3),
                     h("strong", None, _w(st["chosen"], lang))])
    sentence = h("p", {"class": "aula-sentence"}, " ".join(res["words"]))
    how = {"es": "La candidata elegida es la primera cuya probabilidad acumulada supera u, un número al azar entre 0 y 1.",
           "pt": "A candidata escolhida é a primeira cuja probabilidade acumulada passa de u, um número sorteado entre 0 e 1."}
    extra = None
    if not res["ended"]:
        extra = h("p", {"class": "aula-warn"},
                  tr(lang, {"es": f"Se detiene en {bigram.MAX_WORDS} palabras sin llegar al punto: con solo la palabra anterior, "
                         "el modelo puede dar vueltas (gato → persiguió → al → perro → persiguió…).",
                   "pt": f"Parou em {bigram.MAX_WORDS} palavras sem chegar ao ponto: olhando só a palavra anterior, "
                         "o modelo pode andar em círculos (gato → perseguiu → o → cachorro → perseguiu…)."}))
    out = Markup(sentence + (extra or "") + card_table(head, rows, titled=True, scroll=True)
                 + h("p", {"class": "aula-note"}, tr(lang, how)))
    summary = tr(lang, {"es": f"Desde {quote(start, lang)}, tirada {p['seed']}: «{' '.join(res['words'])}», "
                     f"{len(res['steps'])} palabras sorteadas.",
               "pt": f"A partir de {quote(start, lang)}, sorteio {p['seed']}: “{' '.join(res['words'])}”, "
                     f"{len(res['steps'])} palavras sorteadas."}) + (" " + extra_text(res, lang) if extra else "")
    return View(summary=summary, parts={"main": out},
                data={"words": res["words"], "ended": res["ended"], "draws": [st["u"] for st in res["steps"]]})


def extra_text(res: dict, lang: str) -> str:
    return tr(lang, {"es": f"Se detiene en {bigram.MAX_WORDS} palabras sin llegar al punto.",
            "pt": f"Parou em {bigram.MAX_WORDS} palavras sem chegar ao ponto."})


# --- 4. tokenizer: greedy longest match with byte fallback -------------------------------

MAX_SHOWN = 400  # chips drawn; the counts cover every tokenized character


def _chips(tokens: list, lang: str) -> list:
    out, i = [], 0
    while i < len(tokens) and i < MAX_SHOWN:
        t = tokens[i]
        if not t.is_byte:
            out.append(h("span", {"class": "aula-chip", "title": tr(lang, GLOSS[t.piece]) if t.piece in GLOSS else None},
                         h("bdi", {"class": "aula-chip-text"}, t.piece), h("span", {"class": "aula-chip-id"}, t.id)))
            i += 1
            continue
        n = len(t.piece.encode("utf-8"))
        group = tokens[i:i + n]
        if n == 1:
            out.append(h("span", {"class": "aula-chip aula-chip-byte", "title": f"{t.id:02X}"},
                         h("bdi", {"class": "aula-chip-text"}, tok.visible(t.piece)),
                         h("span", {"class": "aula-chip-id"}, t.id)))
        else:
            cp = f"U+{ord(t.piece):04X}"
            out.append(h("span", {"class": "aula-chip-group", "title": cp},
                         h("bdi", {"class": "aula-chip-char"}, tok.visible(t.piece)),
                         [h("span", {"class": "aula-chip aula-chip-byte"},
                            h("span", {"class": "aula-chip-text"}, f"{b.id:02X}"),
                            h("span", {"class": "aula-chip-id"}, b.id)) for b in group]))
        i += n
    return out


@widget("tokenizer", lesson=LESSON,
        title={"es": "Dividir un texto en tokens", "pt": "Dividir um texto em tokens"},
        controls=[Text("text", {"es": "Texto", "pt": "Texto"}, SAMPLES[0], max_len=tok.MAX_CHARS, rows=3)],
        parts={"main": ("text",)},
        fields=("n_tokens", "n_bytes", "ids"))
def tokenizer(p: dict, lang: str) -> View:
    """Longest vocabulary match at each position; other characters become their UTF-8 bytes (ids 0-255)."""
    text, cut = tok.bound(p["text"])  # cut first: the rest of a huge input is never scanned
    text, bad = tok.clean(text)
    tokens = tok.tokenize(text, tok.build_vocab(tr(lang, VOCAB)))
    n_bytes = sum(len(t.data) for t in tokens)
    n_byte_tokens = sum(t.is_byte for t in tokens)
    notes = []
    if cut:
        notes.append(msg("too_long", lang, max=fmt(tok.MAX_CHARS, lang)))
    if bad:
        notes.append(tr(lang, {"es": f"{bad} carácter(es) no válidos se han sustituido por U+FFFD.",
                      "pt": f"Caracteres inválidos trocados por U+FFFD: {bad}."}))
    if len(tokens) > MAX_SHOWN:
        notes.append(tr(lang, {"es": f"Se muestran los primeros {MAX_SHOWN} tokens de {fmt(len(tokens), lang)}.",
                      "pt": f"Mostramos os primeiros {MAX_SHOWN} tokens de {fmt(len(tokens), lang)}."}))
    if not text:
        notes.append(tr(lang, {"es": "El cuadro está vacío: escribe algo para ver sus tokens.",
                      "pt": "A caixa está vazia: digite algo para ver os tokens."}))
    summary = tr(lang, {"es": f"{fmt(len(tokens), lang)} tokens · {fmt(len(text), lang)} caracteres · {fmt(n_bytes, lang)} bytes. "
                     f"Los tokens grises son bytes sueltos ({fmt(n_byte_tokens, lang)}), con identificadores 0–255; "
                     "un carácter de varios bytes se muestra en hexadecimal.",
               "pt": f"{fmt(len(tokens), lang)} tokens · {fmt(len(text), lang)} caracteres · {fmt(n_bytes, lang)} bytes. "
                     f"Os tokens cinza são bytes avulsos ({fmt(n_byte_tokens, lang)}), com identificadores 0–255; "
                     "um caractere de vários bytes aparece em hexadecimal."})
    glossed = [t.piece for t in tokens[:MAX_SHOWN] if t.piece in GLOSS and not t.is_byte]
    gloss = [f"{z} = {quote(tr(lang, GLOSS[z]), lang)}" for z in dict.fromkeys(glossed)]
    out = Markup(h("p", {"class": "aula-readout"}, summary)
                 + "".join(h("p", {"class": "aula-warn"}, n) for n in notes)
                 + h("div", {"class": "aula-chips", "dir": "ltr"}, _chips(tokens, lang))
                 + (h("p", {"class": "aula-note"}, " · ".join(gloss)) if gloss else ""))
    # a byte token by its id in decimal, as its chip's number and the prose give it (the space: 32)
    first = " · ".join(str(t.id) if t.is_byte else tok.visible(t.piece) for t in tokens[:12])
    said = summary.split(". ")[0] + "." + (tr(lang, {"es": f" Tokens, en orden: {first}", "pt": f" Tokens, em ordem: {first}"})
                                          + (" …" if len(tokens) > 12 else ".") if tokens else "")
    return View(summary=" ".join([said] + notes), parts={"main": out},
                data={"n_tokens": len(tokens), "n_chars": len(text), "n_bytes": n_bytes, "truncated": cut,
                      "ids": [t.id for t in tokens[:MAX_SHOWN]]})


# --- 5. BPE step by step ---------------------------------------------------------------

BPE_STATES = bpe.train()
BPE_STEPS = len(BPE_STATES) - 1  # 12 merges until every word is one piece


def _pair(pair) -> str:
    return f"{pair[0]} + {pair[1]}"


def _first_word(pair, words) -> str:
    """The first corpus word whose current pieces contain ``pair``."""
    for (word, _), (pieces, _) in zip(bpe.CORPUS, words):
        if pair in zip(pieces, pieces[1:]):
            return word
    return ""


@widget("bpe_steps", lesson=LESSON,
        title={"es": "Codificación de pares de bytes, paso a paso", "pt": "Codificação por pares de bytes, passo a passo"},
        controls=[Range("step", {"es": "Fusiones hechas", "pt": "Fusões feitas"}, 0, min=0, max=BPE_STEPS, step=1)],
        parts={"main": ("step",)},
        fields=("merge_counts",))
def bpe_steps(p: dict, lang: str) -> View:
    """After ``step`` merges: each word's pieces, the pair counts now, the next merge, the vocabulary."""
    st = BPE_STATES[p["step"]]
    words_t = table([tr(lang, {"es": "Palabra", "pt": "Palavra"}), tr(lang, {"es": "Frecuencia", "pt": "Frequência"}),
                     tr(lang, {"es": "Fragmentos actuales", "pt": "Fragmentos atuais"})],
                    [[w, f, h("code", None, " · ".join(pieces))]
                     for (w, _), (pieces, f) in zip(bpe.CORPUS, st["words"])])
    nxt = st["next"]
    pairs = sorted(st["stats"].items(), key=lambda kv: -kv[1])
    pairs_t = table([tr(lang, {"es": "Par", "pt": "Par"}), tr(lang, {"es": "Recuento", "pt": "Contagem"})],
                    [[h("strong", None, _pair(pr)) if pr == nxt else _pair(pr), c] for pr, c in pairs]) if pairs else ""
    if nxt is None:
        verdict = tr(lang, {"es": "No quedan pares: cada palabra es ya un solo fragmento.",
                   "pt": "Não sobram pares: cada palavra já é um fragmento só."})
    else:
        c, word = st["stats"][nxt], _first_word(nxt, st["words"])
        verdict = tr(lang, {"es": f"Siguiente fusión: {_pair(nxt)} → {quote(nxt[0] + nxt[1], lang)} ({c} veces).",
                   "pt": f"Próxima fusão: {_pair(nxt)} → {quote(nxt[0] + nxt[1], lang)} ({c} vezes)."})
        if st["tied"]:
            others = ", ".join(_pair(t) for t in st["tied"])
            verdict += tr(lang, {"es": f" Empata con {others}; gana el par que aparece antes al leer el corpus en orden "
                              f"(en {quote(word, lang)}).",
                        "pt": f" Empata com {others}; vence o par que aparece primeiro ao ler o corpus em ordem "
                              f"(em {quote(word, lang)})."})
    done = h("ol", {"class": "aula-merges"},
             [h("li", None, f"{_pair(pr)} → {pr[0] + pr[1]} ({c})") for pr, c in st["merges"]]) if st["merges"] else ""
    n_base = len(st["vocab"]) - len(st["merges"])
    vocab = h("p", None, h("code", None, " ".join(st["vocab"][:n_base])),
              [[" ", h("code", {"class": "aula-new"}, v)] for v in st["vocab"][n_base:]])
    lab = tr(lang, {"es": ("Fusiones hechas", "Pares adyacentes ahora", "Vocabulario"),
           "pt": ("Fusões feitas", "Pares adjacentes agora", "Vocabulário")})
    out = Markup(words_t + h("p", {"class": "aula-readout"}, verdict)
                 + h("div", {"class": "aula-cols"},
                     h("div", None, h("p", {"class": "aula-note"}, lab[1]), pairs_t),
                     h("div", None, h("p", {"class": "aula-note"}, f"{lab[0]}: {len(st['merges'])}"), done))
                 + h("p", {"class": "aula-note"}, f"{lab[2]} ({len(st['vocab'])})") + vocab)
    summary = tr(lang, {"es": f"{len(st['merges'])} fusiones hechas; vocabulario de {len(st['vocab'])} fragmentos. ",
               "pt": f"{len(st['merges'])} fusões feitas; vocabulário de {len(st['vocab'])} fragmentos. "}) \
        + verdict + tr(lang, {"es": " Palabras ahora: ", "pt": " Palavras agora: "}) \
        + "; ".join(" · ".join(pieces) for pieces, _ in st["words"]) + "."
    return View(summary=summary, parts={"main": out},
                data={"step": p["step"], "merges": ["".join(pr) for pr, _ in st["merges"]],
                      "merge_counts": [count for _, count in st["merges"]],
                      "next": None if nxt is None else list(nxt), "vocab": st["vocab"],
                      "pieces": [pieces for pieces, _ in st["words"]]})


PARITY_CASES = [
    ("turing_timeline", {"event": "transformer"}),
    ("bigram_table", {"word": "the"}),
    ("bigram_sampler", {"start": "cat", "seed": 3}),
    ("tokenizer", {"text": SAMPLES[4]}),
    ("tokenizer", {"text": SAMPLES[5] + "\u202e\x00\t\n"}),
    ("tokenizer", {"text": ""}),
    ("bpe_steps", {"step": 1}),
    ("bpe_steps", {"step": BPE_STEPS}),
]

__all__ = ["PARITY_CASES", "frac"]
