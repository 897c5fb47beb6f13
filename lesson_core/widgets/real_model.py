"""The last lesson, «Un modelo de verdad» / «Um modelo de verdade»: a real trained model, questioned live.

Numbers come from :mod:`lesson_core.model` (the model of the page's language); drawings
from :mod:`.real_model_views`. The model's weights are read on the first call, not at import.
"""

from __future__ import annotations

from ..kit.controls import Choice, Range, Text, seed_range
from ..data.published_models import MODELS
from ..kit.fmt import fmt, fmt_pct, quote, tr
from ..kit.html import Markup, h
from ..model import generate as gen
from ..model.load import count_params, manifest, model
from ..kit.registry import View, widget
from ..kit.stream import partial
from ..topics.scale import big_words
from ..kit.svgkit import table, card_table
from .real_model_views import attention_map, chips, label, loss_chart, size_axis

LESSON = "real_model"
# the declared default; each page passes a sentence in its own language (text="...")
SAMPLE = {"es": "El modelo de lenguaje calcula la probabilidad de la siguiente",
          "pt": "O modelo de linguagem calcula a probabilidade da próxima"}
# the continuation's prompt on each page: it ends a sentence, so the first new token starts a new word
GENERATE_PROMPT = {"es": "La abuela abrió la puerta.", "pt": "A avó abriu a porta."}
MAX_MAP = 16  # tokens drawn in the attention map (the last ones)
OTHER = {"es": "pt", "pt": "es"}


def _text_control(rows: int = 2) -> Text:
    return Text("text", {"es": "Tu texto", "pt": "Seu texto"}, SAMPLE["es"], max_len=gen.MAX_CHARS, rows=rows)


def _notes(pr: gen.Prompt, lang: str, kept_for: int | None = None) -> list:
    ctx = model(lang).config["context"]
    out = []
    if pr.cut_chars:
        out.append(tr(lang, {"es": f"El texto es muy largo: se leen solo los primeros {fmt(gen.MAX_CHARS, lang)} caracteres.",
                    "pt": f"O texto é muito longo: só os primeiros {fmt(gen.MAX_CHARS, lang)} caracteres são lidos."}))
    if pr.bad_chars:
        out.append(tr(lang, {"es": f"{pr.bad_chars} carácter(es) no válidos se han sustituido por U+FFFD.",
                    "pt": f"{pr.bad_chars} caractere(s) inválido(s) foram trocados por U+FFFD."}))
    if pr.dropped:
        keep = kept_for if kept_for is not None else ctx
        out.append(tr(lang, {"es": f"El modelo solo ve {keep} tokens: se usan los últimos y se dejan fuera los "
                          f"{fmt(pr.dropped, lang)} primeros.",
                    "pt": f"O modelo só enxerga {keep} tokens: usamos os últimos e deixamos de fora os "
                          f"{fmt(pr.dropped, lang)} primeiros."}))
    return [h("p", {"class": "aula-warn"}, n) for n in out]


EMPTY = {"es": "El cuadro de texto está vacío: escribe algo para que el modelo lo lea.",
         "pt": "A caixa de texto está vazia: digite algo para o modelo ler."}


def _empty(lang: str, parts: tuple[str, ...] = ("main",), data: dict | None = None) -> View:
    note = h("p", {"class": "aula-warn"}, tr(lang, EMPTY))
    return View(parts={p: note for p in parts}, data={"n_tokens": 0, **(data or {})}, summary=tr(lang, EMPTY))


# --- 1. tokens, and the token tax ----------------------------------------------------------

@widget("rm_tokens", lesson=LESSON,
        title={"es": "Los tokens del modelo para tu texto", "pt": "Os tokens do modelo para o seu texto"},
        controls=[_text_control()], parts={"main": ("text",)},
        fields=("n_tokens", "n_other"))
def rm_tokens(p: dict, lang: str) -> View:
    """The model's tokenizer on the reader's text, and what the other language's tokenizer would spend."""
    text = p["text"]
    pr = gen.prompt(lang, text, keep=10**9)
    other = gen.prompt(tr(lang, OTHER), text, keep=10**9)
    n, n_other = len(pr.tokens), len(other.tokens)
    if not n:
        return _empty(lang, data={"n_other": 0})
    chars = len(pr.text)
    tax = n_other / n - 1
    own = tr(lang, {"es": "español", "pt": "português"})  # the tokenizers, named in the page's language
    oth = tr(lang, {"es": "portugués", "pt": "espanhol"})
    summary = tr(lang, {"es": f"{fmt(n, lang)} tokens para {fmt(chars, lang)} caracteres: {fmt(chars / n, lang, 2)} caracteres "
                     f"por token con el tokenizador {own}.",
               "pt": f"{fmt(n, lang)} tokens para {fmt(chars, lang)} caracteres: {fmt(chars / n, lang, 2)} caracteres "
                     f"por token com o tokenizador {own}."})
    if tax > 0:
        verdict = tr(lang, {"es": f"El tokenizador {oth} necesita {fmt(n_other, lang)} tokens para el mismo texto: "
                         f"un {fmt_pct(tax, lang)} más. Es el «impuesto» de escribir en una lengua que el "
                         "tokenizador no aprendió.",
                   "pt": f"O tokenizador {oth} precisa de {fmt(n_other, lang)} tokens para o mesmo texto: "
                         f"{fmt_pct(tax, lang)} a mais. É o “imposto” de escrever numa língua que o tokenizador "
                         "não aprendeu."})
    else:
        verdict = tr(lang, {"es": f"El tokenizador {oth} necesita {fmt(n_other, lang)} tokens para el mismo texto.",
                   "pt": f"O tokenizador {oth} precisa de {fmt(n_other, lang)} tokens para o mesmo texto."})
    ctx = model(lang).config["context"]
    notes = _notes(pr, lang)
    if n > ctx:
        notes.append(h("p", {"class": "aula-warn"},
                       tr(lang, {"es": f"El modelo solo ve {ctx} tokens a la vez: los atenuados quedan fuera.",
                        "pt": f"O modelo só enxerga {ctx} tokens de cada vez: os apagados ficam de fora."})))
    body = Markup(h("p", {"class": "aula-readout"}, summary) + "".join(notes)
                  + chips(pr.tokens[:400], max(0, n - ctx)) + h("p", {"class": "aula-readout"}, verdict))
    return View(parts={"main": body}, data={"n_tokens": n, "n_other": n_other, "n_chars": chars,
                                            "tax": tax, "ids": pr.ids[:400]}, summary=f"{summary} {verdict}")


# --- 2. attention map ------------------------------------------------------------------------

def _index_choice(name: str, label_: dict, n: int) -> Choice:
    return Choice(name, label_, 1, options=[(i, str(i)) for i in range(1, n + 1)], style="buttons")


@widget("rm_attention", lesson=LESSON,
        title={"es": "Adónde mira cada cabeza de atención", "pt": "Para onde olha cada cabeça de atenção"},
        controls=[_text_control(), _index_choice("layer", {"es": "Capa", "pt": "Camada"}, 2),
                  _index_choice("head", {"es": "Cabeza", "pt": "Cabeça"}, 4)],
        parts={"main": ("text", "layer", "head")})
def rm_attention(p: dict, lang: str) -> View:
    """The attention weights of one head: row = the token that looks, column = the token it looks at."""
    pr = gen.prompt(lang, p["text"])
    if not pr.tokens:
        return _empty(lang)
    run = gen.run_for(lang, pr.ids)
    rows = run.attention[p["layer"] - 1][p["head"] - 1]
    n = len(pr.tokens)
    first = max(0, n - MAX_MAP)
    labels = [label(gen.token_text(lang, t.id)) for t in pr.tokens]
    last = rows[-1]
    top = sorted(range(n), key=lambda j: (-last[j], j))[:3]
    look = ", ".join(f"{quote(labels[j], lang)} ({fmt(last[j], lang, 2)})" for j in top)
    summary = tr(lang, {"es": f"Capa {p['layer']}, cabeza {p['head']}, {fmt(n, lang)} tokens: el último, {quote(labels[-1], lang)}, "
                     f"reparte su atención sobre todo entre {look}.",
               "pt": f"Camada {p['layer']}, cabeça {p['head']}, {fmt(n, lang)} tokens: o último, {quote(labels[-1], lang)}, "
                     f"distribui a atenção principalmente entre {look}."})
    notes = _notes(pr, lang)
    if first:
        notes.append(h("p", {"class": "aula-note"},
                       tr(lang, {"es": f"El mapa muestra los últimos {MAX_MAP} tokens; los pesos hacia los anteriores no se ven.",
                        "pt": f"O mapa mostra os últimos {MAX_MAP} tokens; os pesos para os anteriores não "
                              "aparecem."})))
    cap = tr(lang, {"es": "Mapa de atención: cada fila es un token y sus casillas, cuánto mira a cada token anterior.",
           "pt": "Mapa de atenção: cada linha é um token e suas casas, quanto ele olha para cada token anterior."})
    body = Markup(h("p", {"class": "aula-readout"}, summary) + "".join(notes)
                  + h("div", {"class": "aula-attn-wrap"}, attention_map(rows[first:], labels[first:], first, cap, lang)))
    return View(parts={"main": body},
                data={"n_tokens": n, "last_row": [round(w, 6) for w in last], "top": top}, summary=summary)


# --- 3. next-token distribution ------------------------------------------------------------

@widget("rm_next", lesson=LESSON,
        title={"es": "Qué token viene después, según el modelo", "pt": "Qual token vem depois, segundo o modelo"},
        controls=[_text_control()], parts={"main": ("text",)},
        fields=("covered",))
def rm_next(p: dict, lang: str) -> View:
    """The ten most probable next tokens after the reader's text, with their probabilities."""
    pr = gen.prompt(lang, p["text"])
    if not pr.tokens:
        return _empty(lang)
    probs = gen.next_probs(lang, pr.ids)
    order = sorted(range(len(probs)), key=lambda i: (-probs[i], i))[:10]
    rows = [[h("code", None, label(gen.token_text(lang, i), 14)), fmt(probs[i], lang, 3),
             h("meter", {"min": 0, "max": 1, "value": f"{probs[i]:.4f}"}, fmt_pct(probs[i], lang))] for i in order]
    head = [tr(lang, {"es": "Token siguiente", "pt": "Próximo token"}),
            tr(lang, {"es": "Probabilidad", "pt": "Probabilidade"}), ""]
    covered = sum(probs[i] for i in order)
    summary = tr(lang, {"es": f"Entre {fmt(len(probs), lang)} tokens posibles, los diez primeros suman {fmt_pct(covered, lang)}.",
               "pt": f"Entre {fmt(len(probs), lang)} tokens possíveis, os dez primeiros somam "
                     f"{fmt_pct(covered, lang)}."})
    body = Markup("".join(_notes(pr, lang)) + card_table(head, rows, inline=True) + h("p", {"class": "aula-readout"}, summary))
    best = ", ".join(f"{quote(label(gen.token_text(lang, i), 14), lang)} {fmt(probs[i], lang, 3)}" for i in order[:3])
    said = tr(lang, {"es": f"Los tres tokens más probables: {best}. {summary}",
                     "pt": f"Os três tokens mais prováveis: {best}. {summary}"})
    return View(parts={"main": body},
                data={"n_tokens": len(pr.tokens), "top": [[gen.token_text(lang, i), round(probs[i], 6)] for i in order],
                      "p_top": round(probs[order[0]], 6), "covered": round(covered, 6)}, summary=said)


# --- 4. generation ---------------------------------------------------------------------------

@widget("rm_generate", lesson=LESSON,
        title={"es": "El modelo continúa tu texto", "pt": "O modelo continua o seu texto"},
        controls=[_text_control(),
                  Range("temperature", {"es": "Temperatura", "pt": "Temperatura"}, 0.5, min=0, max=2, step=0.1),
                  Range("top_k", {"es": "top-k: solo los k más probables", "pt": "top-k: só os k mais prováveis"},
                        40, min=1, max=200, step=1),
                  Range("top_p", {"es": "top-p: los más probables hasta sumar p",
                                  "pt": "top-p: os mais prováveis até somar p"}, 0.9, min=0.05, max=1, step=0.05),
                  Range("n", {"es": "Tokens nuevos", "pt": "Tokens novos"}, 24, min=1, max=gen.MAX_NEW, step=1),
                  seed_range(1, max=50)],
        parts={"main": ("text", "temperature", "top_k", "top_p", "n", "seed")}, one_at_a_time=False,
        after=("temperature", "top_k", "top_p", "n", "seed"),  # the text right under the box, above a phone's keyboard
        fields=("temperature",))
def rm_generate(p: dict, lang: str) -> View:
    """Draw new tokens one at a time with temperature, top-k and top-p (chapter 3); the seed fixes the draws.
    Live, the page shows each token as it comes (kit.stream): the view of the steps so far, marked unfinished."""
    ctx = model(lang).config["context"]
    keep = ctx - p["n"]
    pr = gen.prompt(lang, p["text"], keep=keep)
    if not pr.tokens:
        return _empty(lang)
    steps = gen.generate(lang, pr.ids, p["n"], p["temperature"], p["top_k"], p["top_p"], p["seed"],
                         on_step=lambda so_far: partial(lambda: _continuation(pr, so_far, p, lang, keep)))
    return _continuation(pr, steps, p, lang, keep)


def _continuation(pr: gen.Prompt, steps: list[dict], p: dict, lang: str, keep: int) -> View:
    """The prompt and its new tokens; while fewer than ``p["n"]`` have come, a line says how many so far."""
    ids = [s["id"] for s in steps]
    new = [h("mark", {"class": "aula-gen" + (" aula-gen-alt" if k % 2 else ""), "title": fmt(s["p"], lang, 3)},
             gen.token_text(lang, s["id"])) for k, s in enumerate(steps)]
    text = h("p", {"class": "aula-sentence"}, h("span", {"class": "aula-prompt"}, pr.text if not pr.dropped else
                                                  "…" + gen.vocab_text(lang, pr.ids)), new)
    n = len(steps)
    if n < p["n"]:
        line = tr(lang, {"es": f"Escribiendo: van {fmt(n, lang)} de {fmt(p['n'], lang)} tokens…",
                         "pt": f"Escrevendo: já saíram {fmt(n, lang)} de {fmt(p['n'], lang)} tokens…"})
        body = Markup(text + h("p", {"class": "aula-readout aula-streaming"}, line))
        return View(parts={"main": body}, data={"ids": ids}, summary=line)
    avg_kept = sum(s["kept"] for s in steps) / n
    summary = tr(lang, {"es": f"{_tokens(n, lang)}. En cada paso quedaron en promedio "
                     f"{fmt(avg_kept, lang, 1)} candidatos tras top-k y top-p.",
               "pt": f"{_tokens(n, lang)}. Em cada passo sobraram em média "
                     f"{fmt(avg_kept, lang, 1)} candidatos depois do top-k e do top-p."})
    body = Markup("".join(_notes(pr, lang, kept_for=keep)) + text + h("p", {"class": "aula-readout"}, summary))
    added = tr(lang, {"es": "El modelo añadió: ", "pt": "O modelo acrescentou: "}) + gen.vocab_text(lang, ids)
    return View(parts={"main": body},
                data={"ids": ids, "text": gen.vocab_text(lang, ids), "probs": [round(s["p"], 6) for s in steps],
                      "temperature": p["temperature"],
                      "kept": [s["kept"] for s in steps]}, summary=f"{added}. {summary}")


def _tokens(n: int, lang: str) -> str:
    """'1 token nuevo (resaltado)' / '5 tokens nuevos (resaltados)', in the page's language."""
    if n == 1:
        return tr(lang, {"es": "1 token nuevo (resaltado)", "pt": "1 token novo (destacado)"})
    return tr(lang, {"es": f"{fmt(n, lang)} tokens nuevos (resaltados)", "pt": f"{fmt(n, lang)} tokens novos (destacados)"})


# --- 5. training curves ----------------------------------------------------------------------

def stopping(man: dict) -> dict:
    """How the training run ended, from the manifest: stopped early (``patience`` evaluations in
    a row without a new lowest held-out loss) or ran to its step budget; and where the kept
    (lowest held-out) checkpoint sits in the history."""
    hist, best = man["history"], man["best_step"]
    at_best = next(row for row in hist if row[0] == best)
    return {"early": man["steps"] < man["max_steps"], "best_is_last": best == hist[-1][0],
            "evals_after_best": sum(1 for row in hist if row[0] > best), "best_val": at_best[2],
            "last_val": hist[-1][2], "prev_val": hist[-2][2] if len(hist) > 1 else hist[-1][2]}


def stop_sentence(man: dict, lang: str) -> str:
    """What happened at the end of training, in the wording the manifest's numbers pick."""
    st, f = stopping(man), (lambda x, d=None: fmt(x, lang, d))
    steps, cap, best, pat = f(man["steps"]), f(man["max_steps"]), f(man["best_step"]), f(man["patience"])
    if st["early"]:
        return tr(lang, {"es": f"El entrenamiento se detuvo solo en el paso {steps}, antes del tope de {cap}: en "
                               f"{pat} mediciones seguidas, la pérdida de validación no bajó de la del paso {best} "
                               f"({f(st['best_val'], 3)}). Nos quedamos con los parámetros del paso {best}.",
                         "pt": f"O treinamento parou sozinho no passo {steps}, antes do limite de {cap}: em {pat} "
                               f"medições seguidas, a perda de validação não ficou abaixo da do passo {best} "
                               f"({f(st['best_val'], 3)}). Ficamos com os parâmetros do passo {best}."})
    if st["best_is_last"]:
        return tr(lang, {"es": f"El entrenamiento llegó al tope de {cap} pasos sin detenerse: en la última medición, la "
                               f"pérdida de validación todavía bajaba ({f(st['prev_val'], 3)} → {f(st['last_val'], 3)}), "
                               "así que con más pasos quizá habría mejorado un poco. Nos quedamos con los parámetros "
                               f"del último paso, el {best}.",
                         "pt": f"O treinamento chegou ao limite de {cap} passos sem parar: na última medição, a perda "
                               f"de validação ainda caía ({f(st['prev_val'], 3)} → {f(st['last_val'], 3)}), então com "
                               "mais passos talvez tivesse melhorado um pouco. Ficamos com os parâmetros do último "
                               f"passo, o {best}."})
    k = st["evals_after_best"]
    after = tr(lang, {"es": "en la medición siguiente" if k == 1 else f"en las {f(k)} mediciones siguientes",
                      "pt": "na medição seguinte" if k == 1 else f"nas {f(k)} medições seguintes"})
    return tr(lang, {"es": f"El entrenamiento llegó al tope de {cap} pasos sin detenerse. La pérdida de validación más "
                           f"baja fue la del paso {best} ({f(st['best_val'], 3)}); {after} no volvió a bajar (en el "
                           f"paso {steps} era {f(st['last_val'], 3)}), pero la parada automática pedía {pat} mediciones "
                           f"seguidas sin mejora. Nos quedamos con los parámetros del paso {best}.",
                     "pt": f"O treinamento chegou ao limite de {cap} passos sem parar. A perda de validação mais baixa "
                           f"foi a do passo {best} ({f(st['best_val'], 3)}); {after} ela não voltou a cair (no passo "
                           f"{steps} era {f(st['last_val'], 3)}), mas a parada automática exigia {pat} medições "
                           f"seguidas sem melhora. Ficamos com os parâmetros do passo {best}."})


@widget("rm_training", lesson=LESSON,
        title={"es": "Cómo aprendió: la pérdida durante el entrenamiento",
               "pt": "Como aprendeu: a perda durante o treinamento"},
        controls=[], parts={"main": ()},
        fields=("train_loss", "val_loss", "bigram_val_loss", "best_step", "train_tokens", "vocab", "context",
                "d", "layers", "heads", "params", "eval_every", "max_steps", "patience"))
def rm_training(p: dict, lang: str) -> View:
    """Loss on training text and on held-out text by step, against chapter 1's bigram counting, and
    how the run ended (early stopping or the step budget, and the checkpoint kept)."""
    man = manifest(lang)
    cfg = man["config"]
    rows = [[tr(lang, {"es": "Modelo, texto de entrenamiento", "pt": "Modelo, texto de treinamento"}),
             fmt(man["train_loss"], lang, 3)],
            [tr(lang, {"es": "Modelo, texto de validación", "pt": "Modelo, texto de validação"}), fmt(man["val_loss"], lang, 3)],
            [tr(lang, {"es": "Recuentos (bigramas), texto de validación", "pt": "Contagens (bigramas), texto de validação"}),
             fmt(man["bigram_val_loss"], lang, 3)]]
    gap = man["bigram_val_loss"] - man["val_loss"]
    stop = stop_sentence(man, lang)
    body = Markup(loss_chart(man["history"], man["bigram_val_loss"], lang, man["best_step"])
                  + h("p", {"class": "aula-readout"}, stop)
                  + table([tr(lang, {"es": "Pérdida final (promedio de −ln p por token)", "pt": "Perda final (média de −ln p por token)"}), ""], rows))
    said = tr(lang, {"es": f"Pérdida final en el texto de validación: {fmt(man['val_loss'], lang, 3)} el modelo, "
                  f"{fmt(man['bigram_val_loss'], lang, 3)} los bigramas; en el texto de entrenamiento, "
                  f"{fmt(man['train_loss'], lang, 3)}.",
            "pt": f"Perda final no texto de validação: {fmt(man['val_loss'], lang, 3)} o modelo, "
                  f"{fmt(man['bigram_val_loss'], lang, 3)} os bigramas; no texto de treinamento, "
                  f"{fmt(man['train_loss'], lang, 3)}."}) + " " + stop
    return View(parts={"main": body}, summary=said,
                data={"train_loss": man["train_loss"], "val_loss": man["val_loss"],
                      "bigram_val_loss": man["bigram_val_loss"], "gap": round(gap, 4),
                      "steps": man["steps"], "max_steps": man["max_steps"], "patience": man["patience"],
                      "best_step": man["best_step"], **stopping(man), "train_tokens": man["train_tokens"],
                      "val_tokens": man["val_tokens"], "vocab": cfg["vocab"], "context": cfg["context"],
                      "d": cfg["d"], "layers": cfg["layers"], "heads": cfg["heads"], "ff": cfg["ff"],
                      "params": count_params(cfg), "seed": man["seed"], "eval_every": man["eval_every"]})


# --- 6. nearest tokens ----------------------------------------------------------------------

@widget("rm_neighbors", lesson=LESSON,
        title={"es": "Tokens vecinos en el espacio de vectores", "pt": "Tokens vizinhos no espaço de vetores"},
        controls=[Text("word", {"es": "Palabra", "pt": "Palavra"}, "agua", max_len=40)], parts={"main": ("word",)})
def rm_neighbors(p: dict, lang: str) -> View:
    """The tokens whose learned vectors point most nearly the same way (cosine, chapter 2)."""
    word = p["word"].strip()
    pr = gen.prompt(lang, " " + word, keep=10**9)
    toks = [t for t in pr.tokens if not t.is_byte and t.piece.strip()]
    if not word or not toks:
        return _empty(lang, data={"token": None})
    t = max(toks, key=lambda tk: len(tk.piece))
    note = None
    if len(pr.tokens) > 1:
        note = tr(lang, {"es": f"«{word}» no es un solo token; usamos su trozo más largo, {label(t.piece, 20)}.",
                "pt": f"“{word}” não é um token só; usamos o seu pedaço mais longo, {label(t.piece, 20)}."})
    near = gen.nearest(lang, t.id, 8)
    rows = [[h("code", None, label(gen.token_text(lang, i), 16)), fmt(c, lang, 3)] for i, c in near]
    head = [tr(lang, {"es": "Token", "pt": "Token"}), tr(lang, {"es": "Coseno", "pt": "Cosseno"})]
    body = Markup((h("p", {"class": "aula-note"}, note) if note else "")
                  + h("p", {"class": "aula-readout"}, tr(lang, {"es": f"Vecinos de {label(t.piece, 20)}:",
                                                       "pt": f"Vizinhos de {label(t.piece, 20)}:"}))
                  + table(head, rows))
    said = (note + " " if note else "") + tr(lang, {"es": "Vecinos de ", "pt": "Vizinhos de "}) \
        + quote(label(t.piece, 20), lang) + ": " + ", ".join(
            f"{quote(label(gen.token_text(lang, i), 16), lang)} {fmt(c, lang, 3)}" for i, c in near) + "."
    return View(parts={"main": body}, summary=said,
                data={"token": t.piece, "near": [[gen.token_text(lang, i), round(c, 6)] for i, c in near]})


# --- 7. size on chapter 4's scale ------------------------------------------------------------

SHOWN = ("transformer", "gpt2", "gpt3", "chinchilla", "deepseekv3")


@widget("rm_size", lesson=LESSON,
        title={"es": "Su tamaño, en la escala del capítulo 4", "pt": "O tamanho dele, na escala do capítulo 4"},
        controls=[Choice("model", {"es": "Comparar con", "pt": "Comparar com"}, "gpt3",
                         options=[(m["id"], f"{m['name']} ({m['year']})") for m in MODELS])],
        parts={"chart": (), "detail": ("model",)},
        fields=("ratio",))
def rm_size(p: dict, lang: str) -> View:
    """Our model's parameter count beside published models, on a logarithmic axis."""
    ours = count_params(manifest(lang)["config"])
    name = tr(lang, {"es": "este modelo", "pt": "este modelo"})
    points = [(m["name"], m["params"], False) for m in MODELS if m["id"] in SHOWN] + [(name, ours, True)]
    other = next(m for m in MODELS if m["id"] == p["model"])
    ratio = other["params"] / ours
    kb = 2 * ours / 1000  # float16: two bytes per parameter
    times = big_words(round(ratio), lang) + (tr(lang, {"es": " de", "pt": " de"}) if ratio >= 1e6 else "")
    detail = tr(lang, {"es": f"Este modelo tiene {fmt(ours, lang)} parámetros ({fmt(kb, lang, 0)} kB en float16). "
                    f"{other['name']} tiene {big_words(other['params'], lang)}: {times} veces más.",
              "pt": f"Este modelo tem {fmt(ours, lang)} parâmetros ({fmt(kb, lang, 0)} kB em float16). "
                    f"{other['name']} tem {big_words(other['params'], lang)}: {times} vezes mais."})
    return View(parts={"chart": size_axis(points, lang), "detail": h("p", {"class": "aula-readout"}, detail)},
                data={"params": ours, "other": other["params"], "ratio": ratio, "ratio_millions": ratio / 1e6, "kb": kb}, summary=detail)


PARITY_CASES = [
    ("rm_tokens", {"text": "Hola 👋🏽 mundo \u0301\x00<b>ñ</b>"}),
    ("rm_tokens", {"text": ""}),
    ("rm_attention", {"text": "a " * 80, "layer": 2, "head": 3}),
    ("rm_next", {"text": "La escuela"}),
    ("rm_generate", {"text": "El agua", "temperature": 0, "n": 6}),
    ("rm_generate", {"text": "O sol", "temperature": 1.3, "top_k": 5, "top_p": 0.5, "seed": 7, "n": 8}),
    ("rm_neighbors", {"word": "ciudad"}),
    ("rm_size", {"model": "deepseekv3"}),
]
