"""The real model against counting: held-out bits per character side by side, a typed sentence
scored and continued by each model, and the data-scaling curves (issue 19).

The held-out figures and the scaling curves are read from the training manifest (computed once
by training/train.py); a typed sentence is scored live (lesson_core.model.counting).
"""

from __future__ import annotations

from ..kit.controls import Text
from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h
from ..kit.registry import View, widget
from ..kit.svgkit import table
from ..model import counting as C
from ..model import generate as gen
from ..model.load import manifest, model
from ..topics import ngram as N
from ..topics import tokenizer as tok
from ..kit import fpmath
from .real_model import LESSON, _empty, _notes
from .real_model_views import scaling_chart

# the default sentence: written for this page, not in the model's training text (tests/test_real_model_count.py)
SENTENCE = {"es": "Mi primo perdió el autobús y llegó tarde a su clase de dibujo.",
            "pt": "Meu primo perdeu o ônibus e chegou atrasado na aula de desenho."}
TEMPERATURE = 0.5   # the continuations' temperature (the page's default for the real model)
NEW_TOKENS = 12
SEED = 1


def _names(lang: str) -> dict:
    return {"transformer": "Transformer",
            "bigram": tr(lang, {"es": "Bigramas de tokens (capítulo 1)", "pt": "Bigramas de tokens (capítulo 1)"}),
            **{f"ngram{n}": tr(lang, {"es": f"Contar {n} caracteres ({n}-grama)",
                                      "pt": f"Contar {n} caracteres ({n}-grama)"}) for n in range(1, N.MAX_ORDER + 1)}}


def conversion(lang: str) -> dict:
    """From the loss of «Cómo aprendió» (mean -ln p per held-out token) to bits per character:
    times the tokens predicted (all but the first), divided by ln 2 (natural log to bits), divided
    by the characters those tokens cover. Example (es): 3.8182 x 22 805 / 0.6931 / 64 522 = 1.947."""
    man = manifest(lang)
    tokens = man["val_tokens"] - 1
    nats = man["val_loss"] * tokens
    ln2 = fpmath.log(2)
    return {"loss": man["val_loss"], "tokens": tokens, "nats": nats, "ln2": ln2, "bits": nats / ln2,
            "chars": man["val_chars"], "bpc": nats / ln2 / man["val_chars"]}


def held_out(lang: str) -> dict:
    """Held-out bits per character of every model, from the manifest."""
    man = manifest(lang)
    out = {"transformer": man["val_bpc"], "bigram": man["bigram_val_bpc"]}
    out.update({f"ngram{n}": v for n, v in ((int(k), v) for k, v in man["ngram_val_bpc"].items())})
    return out


HELD_OUT_ROWS = ("transformer", "bigram", "ngram3", "ngram5", "ngram7")  # the held-out table's rows


def held_out_data(p: dict, lang: str) -> dict:
    """The held-out figures a page reads (``value("rm_compare", "held_out.ngram5")``), from the
    manifest alone: no model runs for them."""
    ho = held_out(lang)
    return {"held_out": dict(ho), "best_held_out": min(HELD_OUT_ROWS, key=lambda k: ho[k]),
            "gap5": round(ho["transformer"] - ho["ngram5"], 4), "gap7": round(ho["transformer"] - ho["ngram7"], 4),
            "lead5": round(ho["ngram5"] - ho["transformer"], 4),   # what the Transformer saves, when it wins
            "convert": conversion(lang)}


@widget("rm_compare", lesson=LESSON,
        title={"es": "El Transformer contra contar", "pt": "O Transformer contra a contagem"},
        controls=[Text("text", {"es": "Tu frase", "pt": "Sua frase"}, SENTENCE["es"], max_len=gen.MAX_CHARS, rows=2)],
        parts={"table": (), "main": ("text",)},
        fields=("held_out", "best_held_out", "gap5", "gap7", "lead5", "convert"), data=held_out_data)
def rm_compare(p: dict, lang: str) -> View:
    """Bits per character on the held-out text (fixed) and on the reader's sentence (live), with each
    model's continuation of the sentence."""
    names, ho = _names(lang), held_out(lang)
    rows = [[names[k], fmt(ho[k], lang, 2)] for k in sorted(HELD_OUT_ROWS, key=lambda k: ho[k])]
    head = [tr(lang, {"es": "Modelo (mismo texto de entrenamiento)", "pt": "Modelo (mesmo texto de treinamento)"}),
            tr(lang, {"es": "Bits por carácter, texto de validación", "pt": "Bits por caractere, texto de validação"})]
    data = held_out_data(p, lang)
    tbl = table(head, rows)
    pr = gen.prompt(lang, p["text"], keep=model(lang).config["context"] - NEW_TOKENS)

    def too_short(note: str) -> View:
        view = View(parts={"main": h("p", {"class": "aula-warn"}, note), "table": tbl}, data=data, summary=note)
        return view

    if not pr.text.strip():
        view = _empty(lang, ("main",), data)
        view.parts["table"] = tbl
        return view
    if len(pr.tokens) < 2:
        return too_short(tr(lang, {"es": "Escribe al menos dos tokens: el primero no tiene nada antes con qué predecirlo.",
                                   "pt": "Digite pelo menos dois tokens: o primeiro não tem nada antes para ser previsto."}))
    try:
        bits = C.sentence_bits(lang, pr.ids)
    except ValueError:  # several tokens, one character: the bytes of a lone invisible or combining character
        shown = tok.visible(pr.text)
        return too_short(tr(lang, {
            "es": f"Tu frase es solo “{shown}”: un único carácter, invisible o suelto, que el modelo parte en varios "
                  "tokens de bytes. Escribe al menos dos caracteres: el primero no tiene nada antes con qué predecirlo.",
            "pt": f"Sua frase é só “{shown}”: um único caractere, invisível ou solto, que o modelo divide em vários "
                  "tokens de bytes. Digite pelo menos dois caracteres: o primeiro não tem nada antes para ser previsto."}))
    live = ["transformer", "bigram"] + [f"ngram{n}" for n in C.LIVE_ORDERS]
    steps = gen.generate(lang, pr.ids, NEW_TOKENS, TEMPERATURE, 40, 1.0, SEED)
    cont = {"transformer": gen.vocab_text(lang, [s["id"] for s in steps])}
    n_chars = max(1, len(cont["transformer"]))
    cont["bigram"] = gen.vocab_text(lang, C.bigram_continue(lang, pr.ids[-1], NEW_TOKENS, TEMPERATURE, SEED))
    for n in C.LIVE_ORDERS:
        cont[f"ngram{n}"] = N.continue_text(C.ngram(lang, n), pr.text, n_chars, TEMPERATURE, SEED)
    half = tr(lang, {"es": " (la mitad del texto)", "pt": " (metade do texto)"})
    rows2 = [[names[k] + ("" if k == "transformer" else half), fmt(bits[k], lang, 2),
              h("span", {"class": "aula-gen"}, cont[k])] for k in live]
    sc = manifest(lang)["scaling"]
    half_note = tr(lang, {"es": "Para que la página pese menos, los modelos de recuentos de esta tabla cuentan en la mitad "
                                "del texto de entrenamiento (una línea de cada dos); así, en el texto de validación, el "
                                f"5-grama gasta {fmt(sc['ngram5_bpc'][2], lang, 2)} bits por carácter.",
                          "pt": "Para a página pesar menos, os modelos de contagem desta tabela contam na metade do "
                                "texto de treinamento (uma linha em cada duas); assim, no texto de validação, o "
                                f"5-grama gasta {fmt(sc['ngram5_bpc'][2], lang, 2)} bits por caractere."})
    head2 = [tr(lang, {"es": "Modelo", "pt": "Modelo"}),
             tr(lang, {"es": "Bits por carácter, tu frase", "pt": "Bits por caractere, sua frase"}),
             tr(lang, {"es": f"Cómo la continúa (temperatura {fmt(TEMPERATURE, lang)})",
                       "pt": f"Como continua (temperatura {fmt(TEMPERATURE, lang)})"})]
    winner = min(live, key=lambda k: bits[k])
    said = tr(lang, {"es": f"En tu frase, el que menos bits por carácter gasta es: {names[winner]} "
                           f"({fmt(bits[winner], lang, 2)}).",
                     "pt": f"Na sua frase, quem gasta menos bits por caractere é: {names[winner]} "
                           f"({fmt(bits[winner], lang, 2)})."})
    body = Markup("".join(_notes(pr, lang, kept_for=model(lang).config["context"] - NEW_TOKENS))
                  + h("p", {"class": "aula-note"}, half_note) + table(head2, rows2) + h("p", {"class": "aula-readout"}, said))
    data.update({"sentence": {k: round(bits[k], 4) for k in live}, "winner": winner,
                 "continuations": cont, "chars": bits["chars"]})
    return View(parts={"table": tbl, "main": body}, data=data, summary=said)


def _first_below(a: list, b: list) -> int | None:
    """The first index where curve a is below curve b (None: never)."""
    return next((i for i in range(len(a)) if a[i] < b[i]), None)


def _part(frac: float, lang: str) -> str:
    """1/8 -> «un octavo» / «um oitavo»; 1 -> «todo el texto» / «o texto todo»."""
    return tr(lang, {"es": {1.0: "todo el texto", 0.5: "la mitad del texto", 0.25: "un cuarto del texto",
                            0.125: "un octavo del texto"},
                     "pt": {1.0: "o texto todo", 0.5: "a metade do texto", 0.25: "um quarto do texto",
                            0.125: "um oitavo do texto"}}).get(frac, fmt(frac, lang, 3))


@widget("rm_scaling", lesson=LESSON,
        title={"es": "Más texto: cómo mejora cada uno", "pt": "Mais texto: como cada um melhora"},
        controls=[], parts={"main": ()},
        fields=("transformer_bpc", "ngram5_bpc", "ngram7_bpc", "gain_transformer", "gain_ngram5", "gain_ngram7",
                "gap7", "overtakes_at", "overtakes7_at"))
def rm_scaling(p: dict, lang: str) -> View:
    """Held-out bits per character of the Transformer and the character 5- and 7-grams trained on
    1/8, 1/4, 1/2 and all of the training text (from the manifest)."""
    sc = manifest(lang)["scaling"]
    xs, tf, ng, ng7 = sc["train_chars"], sc["transformer_bpc"], sc["ngram5_bpc"], sc["ngram7_bpc"]
    over, over7 = _first_below(tf, ng), _first_below(tf, ng7)
    f2 = lambda x: fmt(x, lang, 2)  # noqa: E731
    if over is None:
        said = tr(lang, {"es": f"Con todo el texto ({fmt(xs[-1], lang)} caracteres) el Transformer gasta "
                               f"{f2(tf[-1])} bits por carácter y el 5-grama {f2(ng[-1])}: "
                               "con este texto, contar todavía gana.",
                         "pt": f"Com todo o texto ({fmt(xs[-1], lang)} caracteres) o Transformer gasta "
                               f"{f2(tf[-1])} bits por caractere e o 5-grama {f2(ng[-1])}: "
                               "com este texto, contar ainda ganha."})
    elif over == len(xs) - 1 and over > 0:   # only with all of it: say so, and how the part before stood
        before = _part(sc["fractions"][-2], lang)
        said = tr(lang, {"es": f"Con todo el texto ({fmt(xs[-1], lang)} caracteres), el Transformer pasa por debajo "
                               f"del 5-grama: {f2(tf[-1])} contra {f2(ng[-1])} bits por carácter. "
                               f"Con {before}, todavía no: {f2(tf[-2])} contra {f2(ng[-2])}.",
                         "pt": f"Com todo o texto ({fmt(xs[-1], lang)} caracteres), o Transformer fica abaixo do "
                               f"5-grama: {f2(tf[-1])} contra {f2(ng[-1])} bits por caractere. "
                               f"Com {before}, ainda não: {f2(tf[-2])} contra {f2(ng[-2])}."})
    else:
        part = _part(sc["fractions"][over], lang)
        said = tr(lang, {"es": f"El Transformer pasa por debajo del 5-grama a partir de {part} "
                               f"({fmt(xs[over], lang)} caracteres): {f2(tf[over])} contra "
                               f"{f2(ng[over])} bits por carácter.",
                         "pt": f"O Transformer fica abaixo do 5-grama a partir de {part} "
                               f"({fmt(xs[over], lang)} caracteres): {f2(tf[over])} contra "
                               f"{f2(ng[over])} bits por caractere."})
    if over7 is None:
        said += " " + tr(lang, {"es": f"El 7-grama va por delante en todos los tamaños: con todo el texto, "
                                      f"{f2(ng7[-1])} contra {f2(tf[-1])} del Transformer.",
                                "pt": f"O 7-grama fica à frente em todos os tamanhos: com todo o texto, "
                                      f"{f2(ng7[-1])} contra {f2(tf[-1])} do Transformer."})
    else:
        part = _part(sc["fractions"][over7], lang)
        said += " " + tr(lang, {"es": f"Al 7-grama también lo pasa, a partir de {part}: {f2(tf[over7])} contra "
                                      f"{f2(ng7[over7])}.",
                                "pt": f"O 7-grama ele também passa, a partir de {part}: {f2(tf[over7])} contra "
                                      f"{f2(ng7[over7])}."})
    body = Markup(scaling_chart(xs, {"Transformer": tf, "5-grama": ng, "7-grama": ng7}, over, lang)
                  + h("p", {"class": "aula-readout"}, said))
    return View(parts={"main": body}, summary=said,
                data={"train_chars": xs, "transformer_bpc": tf, "ngram5_bpc": ng, "ngram7_bpc": ng7,
                      "overtakes_at": over, "overtakes7_at": over7,
                      "gain_transformer": round(tf[0] - tf[-1], 4), "gain_ngram5": round(ng[0] - ng[-1], 4),
                      "gain_ngram7": round(ng7[0] - ng7[-1], 4),
                      "gap7": [round(t - g, 4) for t, g in zip(tf, ng7)]})


PARITY_CASES = [
    ("rm_compare", {"text": "El perro ladra."}),
    ("rm_compare", {"text": "<b>ж</b> 👋"}),
    ("rm_scaling", {}),
]
