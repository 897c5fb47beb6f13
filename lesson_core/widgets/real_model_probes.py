"""«Qué aprendió / O que aprendeu»: probes computed from the real model's weights, each beside the
token bigram and the character 5- and 7-grams on the same training text (the live counting models:
every second training paragraph); the reader's own probe; and what the attention heads look at,
measured.

A probe is two contexts and two continuations A and B. For each model, the preference is
log2 P(A | context) - log2 P(B | context) (bits): positive means it expects A rather than B. The
shift is the preference after the first context minus the one after the second: how far the
difference between the contexts moves the model towards A. A model shows the rule when the
shift is at least SHIFT bits (the first context at least doubles the odds of A against B); its
preference *changes side* only when it also expects A after the first context and B after the
second (the signs differ), so a shift can be large and the preference still stay on B's side.
P of a continuation is the chain of its tokens (Transformer, bigram) or of its characters
(n-grams), so a continuation of several tokens is fine; the widget says how it was split.

A character n-gram looks n-1 characters back. The probe's *distance* is how far back, counted
from the first character where A and B differ, the two contexts last differ: an n-gram with
n-1 < distance sees the same characters after both contexts, so its shift is exactly 0.
Example: "Juega con la" / "Juega con el" before " niña" / " niño": the contexts differ in their
last character and the continuations in their 5th, so the distance is 1 + 4 = 5: the 7-gram
(6 characters back) can tell the contexts apart, the 5-gram (4 back) cannot.
"""

from __future__ import annotations

import math

from ..kit.controls import Text
from ..kit.fmt import fmt, quote, tr
from ..kit.html import Markup, h
from ..kit.registry import View, widget
from ..kit.svgkit import table, card_table
from ..model import counting as C
from ..model import generate as gen
from ..model.forward import Run
from ..model.load import model
from ..topics import tokenizer as tok
from ..topics.sampling import softmax
from .real_model import LESSON, SAMPLE, _text_control
from .real_model_views import label
from ..kit import fpmath

ORDERS = (5, 7)   # the character n-grams beside the Transformer
MAX_PROBE = 120   # characters of a typed context or continuation
MAX_CONT_TOKENS = 16
SHIFT = 1.0       # bits: the odds of A against B at least doubled
PROBES = {
    "es": [("quotes", "La zorra dijo: «Están verdes", "La zorra dijo que están verdes", "»", "."),
           ("capital", "El perro ladra toda la noche.", "El perro ladra toda la noche y", " Luego", " luego"),
           ("gender", "Juega con la", "Juega con el", " niña", " niño")],
    "pt": [("quotes", "A raposa disse: “Estão verdes", "A raposa disse que estão verdes", "”", "."),
           ("capital", "O cachorro late a noite toda.", "O cachorro late a noite toda e", " Depois", " depois"),
           ("gender", "Brinca com a", "Brinca com o", " menina", " menino"),
           ("number", "Os meninos", "O menino", " são", " é")],
}
NAMES = {"quotes": {"es": "Cerrar las comillas abiertas", "pt": "Fechar as aspas abertas"},
         "capital": {"es": "Mayúscula después de un punto", "pt": "Maiúscula depois de um ponto"},
         "gender": {"es": "Género después de «la» / «el»", "pt": "Gênero depois de “a” / “o”"},
         "number": {"es": "Verbo en plural después de un sujeto plural", "pt": "Verbo no plural depois de sujeito plural"}}


def _ids(lang: str, text: str) -> list[int]:
    return gen.prompt(lang, text, keep=10**9).ids


def transformer_logp(lang: str, ctx: list[int], cont: list[int]) -> float:
    """log2 P(cont | ctx), chained over cont's tokens (ctx cut to leave room)."""
    room = model(lang).config["context"] - len(cont)
    ctx = ctx[-room:]
    run, terms = Run(model(lang)), []
    for t in ctx[:-1]:
        run.feed(t, output=False)
    for prev, nxt in zip([ctx[-1]] + cont[:-1], cont):
        run.feed(prev)
        terms.append(fpmath.log2(softmax(run.logits())[nxt]))
    return math.fsum(terms)  # exactly rounded: the same in CPython 3.11 and Pyodide


def _split_at(a: str, b: str) -> int:
    """The first index where a and b differ (their shared start has the same probability in both)."""
    return next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))


def distance(ctx1: str, ctx2: str, a: str, b: str) -> int:
    """How many characters back from the first character where a and b differ the two contexts
    last differ ("la" / "el" before " niña" / " niño": 1 + 4 = 5); 0 if the contexts are equal."""
    if ctx1 == ctx2:
        return 0
    same = next((i for i, (x, y) in enumerate(zip(reversed(ctx1), reversed(ctx2))) if x != y),
                min(len(ctx1), len(ctx2)))
    return same + 1 + _split_at(a, b)


def preferences(lang: str, ctx: str, a: str, b: str) -> dict:
    """Each model's log2 P(a) - log2 P(b) after ctx."""
    ci, ai, bi = _ids(lang, ctx), _ids(lang, a), _ids(lang, b)
    j = _split_at(a, b)   # the characters before j are shared: their terms cancel exactly

    def bigram(c):
        return math.fsum(fpmath.log2(C.bigram_probs(lang, p)[n]) for p, n in zip([ci[-1]] + c[:-1], c))

    def chars(ng, s):
        return math.fsum(fpmath.log2(ng.prob(ctx + s[:i], s[i])) for i in range(j, len(s)))

    out = {"transformer": transformer_logp(lang, ci, ai) - transformer_logp(lang, ci, bi),
           "bigram": bigram(ai) - bigram(bi)}
    for n in ORDERS:
        ng = C.ngram(lang, n)
        out[f"ngram{n}"] = chars(ng, a) - chars(ng, b)
    return out


def probe(lang: str, ctx1: str, ctx2: str, a: str, b: str) -> dict:
    one, two = preferences(lang, ctx1, a, b), preferences(lang, ctx2, a, b)
    return {k: {"first": round(one[k], 4) + 0.0, "second": round(two[k], 4) + 0.0,
                "shift": round(one[k] - two[k], 4) + 0.0,  # + 0.0: no -0.0
                "learned": one[k] - two[k] >= SHIFT,
                "flips": one[k] > 0 > two[k]} for k in one}  # expects A after the first, B after the second


def _model_names(lang: str) -> dict:
    return {"transformer": "Transformer", "bigram": tr(lang, {"es": "Bigramas de tokens", "pt": "Bigramas de tokens"}),
            **{f"ngram{n}": tr(lang, {"es": f"{n}-grama de caracteres", "pt": f"{n}-grama de caracteres"})
               for n in ORDERS}}


def _yes(ok: bool, lang: str) -> str:
    return tr(lang, {"es": "sí", "pt": "sim"}) if ok else tr(lang, {"es": "no", "pt": "não"})


def _probe_table(lang: str, res: dict, ctx1: str, ctx2: str, a: str, b: str) -> Markup:
    names = _model_names(lang)
    head = [tr(lang, {"es": "Modelo", "pt": "Modelo"}), f"{quote(ctx1, lang)} …", f"{quote(ctx2, lang)} …",
            tr(lang, {"es": "Cambio", "pt": "Mudança"}), tr(lang, {"es": "¿Al menos 1 bit?", "pt": "Pelo menos 1 bit?"}),
            tr(lang, {"es": "¿Cambia de lado?", "pt": "Muda de lado?"})]
    rows = [[names[k], fmt(r["first"], lang, 1), fmt(r["second"], lang, 1), fmt(r["shift"], lang, 1),
             _yes(r["learned"], lang), _yes(r["flips"], lang)] for k, r in res.items()]
    cap = tr(lang, {"es": f"Bits a favor de {quote(label(a, 20), lang)} frente a {quote(label(b, 20), lang)} (positivo: "
                          f"espera {quote(label(a, 20), lang)}).",
                    "pt": f"Bits a favor de {quote(label(a, 20), lang)} contra {quote(label(b, 20), lang)} (positivo: "
                          f"espera {quote(label(a, 20), lang)})."})
    return Markup(h("p", {"class": "aula-note"}, cap) + card_table(head, rows))


def verdict(lang: str, r: dict, a: str, b: str, quoted: bool = True) -> str:
    """What one model's two numbers say, in the sentence their signs pick: a preference that
    changes side, one that moves towards A but stays on B's side (or on A's), or hardly moves.
    ``quoted=False``: the continuations named as given ("A", "B", so a reader's text stays out of
    the summary), and the two numbers, which the sentence before already gives, left out."""
    A, B = (quote(label(a, 20), lang), quote(label(b, 20), lang)) if quoted else (a, b)
    n = fmt(abs(r["shift"]), lang, 1)
    if r["flips"]:
        one, two = (f" ({fmt(r['first'], lang, 1)} bits a favor)", f" ({fmt(-r['second'], lang, 1)} bits a favor)") \
            if quoted else ("", "")
        return tr(lang, {"es": f"Cambia de lado: después del primer comienzo espera más {A}{one} y después del "
                               f"segundo, {B}{two}.",
                         "pt": f"Muda de lado: depois do primeiro começo espera mais {A}{one} e depois do "
                               f"segundo, {B}{two}."})
    if r["learned"] and r["first"] <= 0:
        return tr(lang, {"es": f"Se mueve {n} bits hacia {A}, pero sigue prefiriendo {B} después de los dos comienzos.",
                         "pt": f"Vai {n} bits na direção de {A}, mas continua preferindo {B} depois dos dois começos."})
    if r["learned"]:
        return tr(lang, {"es": f"Prefiere {A} después de los dos comienzos, pero {n} bits más después del primero.",
                         "pt": f"Prefere {A} depois dos dois começos, mas {n} bits a mais depois do primeiro."})
    if r["shift"] == 0:
        return tr(lang, {"es": "No distingue los dos comienzos: su preferencia es la misma después de ambos.",
                         "pt": "Não distingue os dois começos: a preferência é a mesma depois de ambos."})
    towards = A if r["shift"] > 0 else B
    return tr(lang, {"es": f"Apenas distingue los dos comienzos: se mueve solo {n} bits, hacia {towards}.",
                     "pt": f"Quase não distingue os dois começos: vai só {n} bits, na direção de {towards}."})


HALF = {"es": "Los modelos de recuentos de estas pruebas cuentan en la mitad del texto de entrenamiento, como en la "
              "tabla de tu frase.",
        "pt": "Os modelos de contagem destes testes contam na metade do texto de treinamento, como na tabela da "
              "sua frase."}


@widget("rm_probes", lesson=LESSON,
        title={"es": "Qué aprendió", "pt": "O que aprendeu"}, controls=[], parts={"main": ()},
        fields=("distance", "passed", "flipped"))
def rm_probes(p: dict, lang: str) -> View:
    """The built-in probes of the page's language, each with the Transformer's verdict in words."""
    out, data, dist = [h("p", {"class": "aula-note"}, tr(lang, HALF))], {}, {}
    for name, c1, c2, a, b in tr(lang, PROBES):
        res = probe(lang, c1, c2, a, b)
        data[name], dist[name] = res, distance(c1, c2, a, b)
        said = verdict(lang, res["transformer"], a, b)
        said = "Transformer: " + said[0].lower() + said[1:]   # «Transformer: se mueve …»
        out.append(h("h4", None, tr(lang, NAMES[name])) + _probe_table(lang, res, c1, c2, a, b)
                   + h("p", {"class": "aula-readout"}, said))
    names = [n for n in NAMES if n in data]
    passed = {k: sum(data[n][k]["learned"] for n in names) for k in _model_names(lang)}
    flipped = {k: sum(data[n][k]["flips"] for n in names) for k in _model_names(lang)}
    counts = {k: (fmt(passed[k], lang), fmt(flipped[k], lang)) for k in passed}
    t, g7, g5, bg = counts["transformer"], counts["ngram7"], counts["ngram5"], counts["bigram"]
    said = tr(lang, {"es": f"De las {len(names)} pruebas, el Transformer se mueve al menos 1 bit hacia la continuación "
                           f"esperada en {t[0]} y cambia de lado en {t[1]}; el 7-grama, en {g7[0]} y {g7[1]}; el "
                           f"5-grama, en {g5[0]} y {g5[1]}; los bigramas, en {bg[0]} y {bg[1]}.",
                     "pt": f"Dos {len(names)} testes, o Transformer vai pelo menos 1 bit na direção da continuação "
                           f"esperada em {t[0]} e muda de lado em {t[1]}; o 7-grama, em {g7[0]} e {g7[1]}; o "
                           f"5-grama, em {g5[0]} e {g5[1]}; os bigramas, em {bg[0]} e {bg[1]}."})
    data.update({"passed": passed, "flipped": flipped, "distance": dist})
    return View(parts={"main": Markup("".join(out) + h("p", {"class": "aula-readout"}, said))}, data=data, summary=said)


def _split_note(lang: str, word: str) -> str | None:
    toks = gen.prompt(lang, word, keep=10**9).tokens
    if len(toks) <= 1:
        return None
    parts = " | ".join(label(gen.token_text(lang, t.id), 16) for t in toks)
    return tr(lang, {"es": f"{quote(label(word, 20), lang)} no es un solo token: el modelo lo lee como {parts} "
                           f"({len(toks)} tokens), y su probabilidad es el producto de las de cada trozo.",
                     "pt": f"{quote(label(word, 20), lang)} não é um token só: o modelo lê como {parts} "
                           f"({len(toks)} tokens), e a probabilidade é o produto das de cada pedaço."})


def _probe_control(name: str, label_: dict, default: str) -> Text:
    return Text(name, label_, default, max_len=MAX_PROBE)


@widget("rm_probe_own", lesson=LESSON,
        title={"es": "Tu propia prueba", "pt": "Seu próprio teste"},
        controls=[_probe_control("ctx1", {"es": "Contexto 1", "pt": "Contexto 1"}, PROBES["es"][2][1]),
                  _probe_control("ctx2", {"es": "Contexto 2", "pt": "Contexto 2"}, PROBES["es"][2][2]),
                  _probe_control("a", {"es": "Continuación A", "pt": "Continuação A"}, PROBES["es"][2][3]),
                  _probe_control("b", {"es": "Continuación B", "pt": "Continuação B"}, PROBES["es"][2][4])],
        parts={"main": ("ctx1", "ctx2", "a", "b")})
def rm_probe_own(p: dict, lang: str) -> View:
    """The reader's probe: two contexts, two continuations; which one each model expects after each."""
    vals, cut = {}, False
    for k in ("ctx1", "ctx2", "a", "b"):
        v, _ = tok.clean(p[k])
        if len(v) > MAX_PROBE:  # contexts keep their end, continuations their start
            v, cut = (v[-MAX_PROBE:] if k.startswith("ctx") else v[:MAX_PROBE]), True
        vals[k] = v
    ctx1, ctx2, a, b = (vals[k] for k in ("ctx1", "ctx2", "a", "b"))
    msg = None
    if not all(s.strip() for s in (ctx1, ctx2, a, b)):
        msg = tr(lang, {"es": "Rellena los cuatro cuadros: dos contextos y dos continuaciones.",
                        "pt": "Preencha as quatro caixas: dois contextos e duas continuações."})
    elif a == b:
        msg = tr(lang, {"es": "Las dos continuaciones son iguales: escribe dos distintas.",
                        "pt": "As duas continuações são iguais: escreva duas diferentes."})
    elif max(len(_ids(lang, a)), len(_ids(lang, b))) > MAX_CONT_TOKENS:
        msg = tr(lang, {"es": f"Cada continuación puede tener como mucho {MAX_CONT_TOKENS} tokens: prueba con una o "
                              "dos palabras.",
                        "pt": f"Cada continuação pode ter no máximo {MAX_CONT_TOKENS} tokens: tente uma ou duas "
                              "palavras."})
    if msg:
        return View(parts={"main": h("p", {"class": "aula-warn"}, msg)}, data={"ok": False}, summary=msg)
    res = probe(lang, ctx1, ctx2, a, b)
    notes = [n for n in (_split_note(lang, a), _split_note(lang, b)) if n]
    if cut:
        notes.insert(0, tr(lang, {"es": f"Un cuadro pasaba de {MAX_PROBE} caracteres: de los contextos se usa el final "
                                        "y de las continuaciones, el principio.",
                                  "pt": f"Uma caixa passava de {MAX_PROBE} caracteres: dos contextos usamos o final "
                                        "e das continuações, o começo."}))
    t = res["transformer"]
    said = tr(lang, {"es": f"El Transformer da {fmt(t['first'], lang, 1)} bits a favor de A tras el contexto 1 y "
                           f"{fmt(t['second'], lang, 1)} tras el contexto 2.",
                     "pt": f"O Transformer dá {fmt(t['first'], lang, 1)} bits a favor de A depois do contexto 1 e "
                           f"{fmt(t['second'], lang, 1)} depois do contexto 2."}) + " " + verdict(lang, t, "A", "B", quoted=False)
    body = Markup("".join(h("p", {"class": "aula-note"}, n) for n in notes) + _probe_table(lang, res, ctx1, ctx2, a, b)
                  + h("p", {"class": "aula-readout"}, said))
    return View(parts={"main": body}, data={"ok": True, **res, "split_notes": len(notes)}, summary=said)


def head_shares(lang: str, text: str) -> list:
    """Per layer and head, the mean attention weight (over positions after the first) on the token
    itself, on the previous token and on the first token of the text."""
    ids = gen.prompt(lang, text).ids
    run = Run(model(lang))
    run.feed_all(ids)
    out = []
    for layer in run.attention:
        row = []
        for rows in layer:
            ts = range(1, len(rows))
            n = max(1, len(ts))
            row.append({"self": math.fsum(rows[t][t] for t in ts) / n, "prev": math.fsum(rows[t][t - 1] for t in ts) / n,
                        "first": math.fsum(rows[t][0] for t in ts) / n})
        out.append(row)
    return out


@widget("rm_heads", lesson=LESSON,
        title={"es": "Adónde miran las cabezas, en promedio", "pt": "Para onde olham as cabeças, em média"},
        controls=[_text_control(3)], parts={"main": ("text",)},
        fields=("max_prev", "max_first"))
def rm_heads(p: dict, lang: str) -> View:
    """For every head, the mean weight on the token itself, the previous token and the first token."""
    pr = gen.prompt(lang, p["text"])
    if len(pr.tokens) < 2 or not pr.text.strip():
        msg = tr(lang, {"es": "Escribe al menos dos tokens.", "pt": "Digite pelo menos dois tokens."})
        return View(parts={"main": h("p", {"class": "aula-warn"}, msg)}, data={"ok": False}, summary=msg)
    shares = head_shares(lang, p["text"])
    head = [tr(lang, {"es": "Capa, cabeza", "pt": "Camada, cabeça"}),
            tr(lang, {"es": "a sí mismo", "pt": "a si mesmo"}), tr(lang, {"es": "al anterior", "pt": "ao anterior"}),
            tr(lang, {"es": "al primero", "pt": "ao primeiro"})]
    rows = [[f"{li + 1}, {hi + 1}", fmt(s["self"], lang, 2), fmt(s["prev"], lang, 2), fmt(s["first"], lang, 2)]
            for li, layer in enumerate(shares) for hi, s in enumerate(layer)]
    flat = [(s, li, hi) for li, layer in enumerate(shares) for hi, s in enumerate(layer)]
    prev = max(flat, key=lambda f: f[0]["prev"])
    first = max(flat, key=lambda f: f[0]["first"])
    said = tr(lang, {"es": f"La cabeza que más mira al token anterior es la {prev[2] + 1} de la capa {prev[1] + 1}: "
                           f"{fmt(prev[0]['prev'], lang, 2)} de su atención, en promedio. La que más mira al primero le "
                           f"da {fmt(first[0]['first'], lang, 2)}.",
                     "pt": f"A cabeça que mais olha para o token anterior é a {prev[2] + 1} da camada {prev[1] + 1}: "
                           f"{fmt(prev[0]['prev'], lang, 2)} da atenção, em média. A que mais olha para o primeiro "
                           f"dá a ele {fmt(first[0]['first'], lang, 2)}."})
    return View(parts={"main": Markup(table(head, rows) + h("p", {"class": "aula-readout"}, said))}, summary=said,
                data={"ok": True, "shares": [[{k: round(v, 4) for k, v in s.items()} for s in layer] for layer in shares],
                      "max_prev": round(prev[0]["prev"], 4), "max_first": round(first[0]["first"], 4),
                      "max_self": round(max(f[0]["self"] for f in flat), 4)})


PARITY_CASES = [
    ("rm_probe_own", {"ctx1": "la", "ctx2": "el", "a": " casa", "b": " 👋<i>"}),
    ("rm_probe_own", {"ctx1": 'Dijo "sí" \\ (url(x));', "ctx2": "el", "a": " casa", "b": " perro"}),  # CSS-escaped labels
    ("rm_heads", {"text": SAMPLE["es"]}),
]
