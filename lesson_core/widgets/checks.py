"""Quizzes on the positional and real-model pages (issue 29, deliverable 4), built with
:func:`lesson_core.widgets.turing_quiz.make_quiz`: each computes its example and marks the
option the computation confirms, so a changed core or a retrained model cannot leave a wrong
answer marked right.
"""

from __future__ import annotations

from ..data import attention as da
from ..kit.fmt import fmt, fmt_sci, quote, tr
from ..kit.html import Markup, h
from ..kit.svgkit import fmt_vec
from ..model import generate as gen
from ..model.load import manifest
from ..topics import positional as pe
from ..topics.attention import attention
from .real_model_views import label
from .turing_quiz import _explained, make_quiz

# --- positional 1: without a mask and without positions, word order is invisible -------------------


def shuffle_outputs(mask: bool) -> list[list[float]]:
    """The output for «perro» through chapter 2's head A in «perro muerde persona» and in «persona
    muerde perro», with no position code; ``mask``: the causal mask."""
    outs = []
    for ids in da.ORDER_SENTENCES:
        res = attention([list(da.ORDER_FEATURES[t]) for t in ids], da.HEADS["A"], mask=mask)
        outs.append(res["outputs"][ids.index("dog")])
    return outs


def _sentence(ids: list[str], lang: str) -> str:
    return quote(" ".join(tr(lang, da.ORDER_WORDS[t]) for t in ids), lang)


def _dog(lang: str) -> str:
    return quote(tr(lang, da.ORDER_WORDS["dog"]), lang)


_FREE = shuffle_outputs(False)


def _shuffle_explain(lang: str) -> Markup:
    head = ["", _sentence(da.ORDER_SENTENCES[0], lang), _sentence(da.ORDER_SENTENCES[1], lang)]
    rows = [[tr(lang, {"es": "Sin máscara", "pt": "Sem máscara"})] + [fmt_vec(o, lang, 3) for o in _FREE],
            [tr(lang, {"es": "Con máscara causal", "pt": "Com máscara causal"})]
            + [fmt_vec(o, lang, 3) for o in shuffle_outputs(True)]]
    text = tr(lang, {"es": f"Sin máscara, {_dog(lang)} mira a las mismas tres palabras en las dos frases, con los "
                           "mismos pesos: el orden no entra en la cuenta. Con la máscara causal sí cambia, porque "
                           "cada palabra solo ve las anteriores.",
                     "pt": f"Sem máscara, {_dog(lang)} olha para as mesmas três palavras nas duas frases, com os "
                           "mesmos pesos: a ordem não entra na conta. Com a máscara causal muda, porque cada "
                           "palavra só vê as anteriores."})
    return _explained(head, rows, text, titled=True)


make_quiz(
    "quiz_pe_shuffle",
    {"es": "Pregunta: ¿la atención nota el orden?", "pt": "Pergunta: a atenção percebe a ordem?"},
    {"es": f"Con la cabeza A del capítulo 2, sin máscara y sin ninguna señal de posición, comparamos "
           f"{_sentence(da.ORDER_SENTENCES[0], 'es')} con {_sentence(da.ORDER_SENTENCES[1], 'es')}. "
           f"¿Qué le pasa al resultado de {_dog('es')}?",
     "pt": f"Com a cabeça A do capítulo 2, sem máscara e sem nenhum sinal de posição, comparamos "
           f"{_sentence(da.ORDER_SENTENCES[0], 'pt')} com {_sentence(da.ORDER_SENTENCES[1], 'pt')}. "
           f"O que acontece com o resultado de {_dog('pt')}?"},
    [("same", {"es": "Es exactamente el mismo", "pt": "É exatamente o mesmo"}),
     ("other", {"es": "Cambia, porque la palabra cambió de lugar", "pt": "Muda, porque a palavra mudou de lugar"}),
     ("zero", {"es": "Sale cero", "pt": "Dá zero"})],
    "same" if _FREE[0] == _FREE[1] else "other", _shuffle_explain, lesson="positional")


# --- positional 2: the dot product of two codes depends only on their distance ---------------------

DIST_D, DIST_K, DIST_PAIRS = 8, 5, (3, 300)
_DOTS = [pe.distance_dots(DIST_K, DIST_D, [p])[0] for p in DIST_PAIRS]


def _distance_explain(lang: str) -> Markup:
    head = ["p", f"PE(p)·PE(p + {DIST_K})"]
    rows = [[p, fmt(v, lang, 6)] for p, v in zip(DIST_PAIRS, _DOTS)]
    rows.append([tr(lang, {"es": f"suma de cos({DIST_K}·ωᵢ)", "pt": f"soma de cos({DIST_K}·ωᵢ)"}),
                 fmt(pe.dot_at_distance(DIST_K, DIST_D), lang, 6)])
    text = tr(lang, {"es": "Cada onda aporta sen(a)·sen(b) + cos(a)·cos(b) = cos(a − b), y a − b es k·ωᵢ: la "
                           "posición p desaparece de la cuenta. Por eso la atención, que compara vectores con el "
                           "producto escalar, puede reconocer «cinco palabras más atrás» en cualquier lugar del texto.",
                     "pt": "Cada onda contribui com sen(a)·sen(b) + cos(a)·cos(b) = cos(a − b), e a − b é k·ωᵢ: a "
                           "posição p some da conta. Por isso a atenção, que compara vetores com o produto "
                           "escalar, consegue reconhecer “cinco palavras para trás” em qualquer lugar do texto."})
    return _explained(head, rows, text)


def _dist(p: int) -> str:
    return f"PE({p})·PE({p + DIST_K})"


make_quiz(
    "quiz_pe_distance",
    {"es": "Pregunta: ¿importa dónde empiezas?", "pt": "Pergunta: importa onde você começa?"},
    {"es": f"Con d = {DIST_D}, calculamos el producto escalar de los códigos de dos posiciones separadas por "
           f"{DIST_K}: {_dist(DIST_PAIRS[0])} y {_dist(DIST_PAIRS[1])}. ¿Cómo son los dos resultados?",
     "pt": f"Com d = {DIST_D}, calculamos o produto escalar dos códigos de duas posições separadas por "
           f"{DIST_K}: {_dist(DIST_PAIRS[0])} e {_dist(DIST_PAIRS[1])}. Como são os dois resultados?"},
    [("first", {"es": "Mayor el primero, porque 3 está cerca del principio",
                "pt": "Maior o primeiro, porque 3 está perto do começo"}),
     ("second", {"es": "Mayor el segundo, porque 300 es un número más grande",
                 "pt": "Maior o segundo, porque 300 é um número maior"}),
     ("equal", {"es": "Iguales (salvo redondeo)", "pt": "Iguais (a menos de arredondamento)"})],
    "equal" if abs(_DOTS[0] - _DOTS[1]) < 1e-9 else ("first" if _DOTS[0] > _DOTS[1] else "second"),
    _distance_explain, lesson="positional")


# --- real model: the context window ----------------------------------------------------------------

CONTEXT_TEXT_TOKENS = 100  # the question's text length, in tokens


# The answer, which lesson_core.model.generate.prompt() keeps: tests/test_ideas.py checks it with
# context_kept() on both models (building a vocabulary here would slow every page's start).
KEPT = "last"


def context_kept(lang: str) -> str:
    """Which tokens of a text longer than the context the model reads: "last", "first" or "all",
    found by running the model's own prompt() on a text of at least CONTEXT_TEXT_TOKENS tokens."""
    words = "uno dos tres cuatro cinco seis siete ocho nueve diez " * 20
    full = gen.prompt(lang, words, keep=10**9).ids
    kept = gen.prompt(lang, words).ids
    if len(full) < CONTEXT_TEXT_TOKENS:
        raise ValueError("quiz_rm_context: the probe text is too short")
    return "all" if kept == full else "last" if kept == full[-len(kept):] else "first"


def _context() -> int:
    sizes = {manifest(lang)["config"]["context"] for lang in ("es", "pt")}
    if len(sizes) != 1:
        raise ValueError(f"quiz_rm_context: the two models' contexts differ: {sizes}")
    return sizes.pop()


CONTEXT = _context()


def _context_explain(lang: str) -> Markup:
    left = CONTEXT_TEXT_TOKENS - CONTEXT
    head = [tr(lang, {"es": "Tokens del texto", "pt": "Tokens do texto"}),
            tr(lang, {"es": "El modelo los usa", "pt": "O modelo os usa"})]
    rows = [[f"1–{left}", tr(lang, {"es": "no: quedan fuera", "pt": "não: ficam de fora"})],
            [f"{left + 1}–{CONTEXT_TEXT_TOKENS}", tr(lang, {"es": "sí", "pt": "sim"})]]
    text = tr(lang, {"es": f"El modelo se queda con los últimos {CONTEXT} tokens, los más cercanos al token que "
                           f"tiene que adivinar. Los {left} primeros no influyen en nada: es como si no existieran. "
                           "Por eso, en una conversación muy larga, un asistente puede «olvidar» lo que se dijo al principio.",
                     "pt": f"O modelo fica com os últimos {CONTEXT} tokens, os mais próximos do token que ele precisa "
                           f"adivinhar. Os {left} primeiros não influenciam nada: é como se não existissem. Por isso, "
                           "numa conversa muito longa, um assistente pode “esquecer” o que foi dito no começo."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_rm_context",
    {"es": "Pregunta: un texto más largo que la ventana", "pt": "Pergunta: um texto mais longo que a janela"},
    {"es": f"El modelo ve como mucho {CONTEXT} tokens a la vez. Le das un texto de {CONTEXT_TEXT_TOKENS} tokens y "
           "le pides el token siguiente. ¿Con qué tokens lo calcula?",
     "pt": f"O modelo enxerga no máximo {CONTEXT} tokens de cada vez. Você dá a ele um texto de "
           f"{CONTEXT_TEXT_TOKENS} tokens e pede o próximo token. Com quais tokens ele calcula?"},
    [("all", {"es": f"Con los {CONTEXT_TEXT_TOKENS}", "pt": f"Com os {CONTEXT_TEXT_TOKENS}"}),
     ("first", {"es": f"Con los primeros {CONTEXT}", "pt": f"Com os primeiros {CONTEXT}"}),
     ("last", {"es": f"Con los últimos {CONTEXT}", "pt": f"Com os últimos {CONTEXT}"})],
    KEPT, _context_explain, lesson="real_model")


# --- chapter 1: Turing's prediction, read the other way round ----------------------------------------

TURING_RIGHT = 0.70  # Turing 1950, section 6: "not more than 70 per cent chance of making the right identification"
TURING_FOOLED = 1 - TURING_RIGHT
FOOL_OPTIONS = {"right": TURING_FOOLED, "seventy": TURING_RIGHT, "half": 0.5, "all": 1.0}


def _turing_explain(lang: str) -> Markup:
    head = [tr(lang, {"es": "La interrogadora", "pt": "A interrogadora"}), tr(lang, {"es": "Como mucho / como mínimo", "pt": "No máximo / no mínimo"})]
    rows = [[tr(lang, {"es": "acierta", "pt": "acerta"}), fmt(100 * TURING_RIGHT, lang) + tr(lang, {"es": "\u00a0%", "pt": "%"})],
            [tr(lang, {"es": "se equivoca", "pt": "erra"}), fmt(100 * TURING_FOOLED, lang) + tr(lang, {"es": "\u00a0%", "pt": "%"})]]
    r, f = (fmt(100 * x, lang) + tr(lang, {"es": "\u00a0%", "pt": "%"}) for x in (TURING_RIGHT, TURING_FOOLED))
    text = tr(lang, {"es": f"Acertar y equivocarse suman el 100\u00a0%: si acierta como mucho el {r}, la máquina la "
                           f"engaña al menos el {f} de las veces. Turing no pedía engañar siempre.",
                     "pt": f"Acertar e errar somam 100%: se ela acerta no máximo {r}, a máquina a engana pelo menos "
                           f"{f} das vezes. Turing não pedia enganar sempre."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_turing",
    {"es": "Pregunta: la predicción de Turing", "pt": "Pergunta: a previsão de Turing"},
    {"es": "Según la predicción de Turing, la interrogadora acertaría como mucho el 70 % de las veces quién es la "
           "máquina. ¿Con qué frecuencia, como mínimo, la engañaría la máquina?",
     "pt": "Segundo a previsão de Turing, a interrogadora acertaria no máximo 70% das vezes quem é a máquina. Com "
           "que frequência, no mínimo, a máquina a enganaria?"},
    [(k, {lg: fmt(100 * v, lg) + tr(lg, {"es": "\u00a0%", "pt": "%"}) for lg in ("es", "pt")})
     for k, v in sorted(FOOL_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _turing_explain, lesson="turing")


# --- chapter 1, the opening: a prediction before anything is explained ----------------------------

OPENING_PROMPT = {"es": "El gato se sentó en", "pt": "O gato se sentou no"}


def opening_probs(lang: str) -> list[float]:
    """The real model's probability of every token of its vocabulary after the opening prompt."""
    return gen.next_probs(lang, gen.prompt(lang, tr(lang, OPENING_PROMPT)).ids)


def opening_answer() -> str:
    """"one", "ten" or "all": how many tokens get some probability, in both languages."""
    keys = set()
    for lang in ("es", "pt"):
        probs = opening_probs(lang)
        given = sum(1 for q in probs if q > 0.0)
        keys.add("all" if given == len(probs) else "one" if given == 1 else "ten" if given <= 10 else "?")
    if len(keys) != 1 or "?" in keys:
        raise ValueError(f"quiz_opening: no option matches the model ({keys})")
    return keys.pop()


def _opening_explain(lang: str) -> Markup:
    probs = opening_probs(lang)
    order = sorted(range(len(probs)), key=lambda i: (-probs[i], i))
    head = [tr(lang, {"es": "Trozo siguiente", "pt": "Próximo trecho"}), tr(lang, {"es": "Probabilidad", "pt": "Probabilidade"})]
    rows = [[h("code", None, label(gen.token_text(lang, i), 14)), fmt(probs[i], lang, 3)] for i in order[:3]]
    n, least = fmt(len(probs), lang), fmt_sci(probs[order[-1]], lang)
    text = tr(lang, {"es": f"El modelo le da una probabilidad a cada uno de los {n} trozos que conoce, y todas suman 1. "
                           f"Arriba, los tres más probables (␣ es un espacio); el menos probable recibe {least}, casi nada, pero no cero. "
                           "Para escribir, elige uno con esas probabilidades, lo añade y vuelve a empezar. En este "
                           "capítulo construimos el modelo más sencillo que hace lo mismo.",
                     "pt": f"O modelo dá uma probabilidade a cada um dos {n} trechos que conhece, e todas somam 1. "
                           f"Acima, os três mais prováveis (␣ é um espaço); o menos provável recebe {least}, quase nada, mas não zero. "
                           "Para escrever, ele escolhe um com essas probabilidades, acrescenta e começa de novo. Neste "
                           "capítulo construímos o modelo mais simples que faz a mesma coisa."})
    return _explained(head, rows, text)


_VOCAB = {lg: manifest(lg)["config"]["vocab"] for lg in ("es", "pt")}   # no weights at import
make_quiz(
    "quiz_opening",
    {"es": "Antes de empezar: una predicción", "pt": "Antes de começar: uma previsão"},
    {"es": f"Al final de esta lección hay un modelo de lenguaje de verdad, pequeño, entrenado con textos en español: "
           f"conoce {fmt(_VOCAB['es'], 'es')} trozos de texto distintos. Le damos "
           f"{quote(OPENING_PROMPT['es'], 'es')}. ¿A cuántos de esos trozos les da alguna probabilidad de venir después?",
     "pt": f"No fim desta lição há um modelo de linguagem de verdade, pequeno, treinado com textos em português: "
           f"ele conhece {fmt(_VOCAB['pt'], 'pt')} trechos de texto diferentes. Damos a ele "
           f"{quote(OPENING_PROMPT['pt'], 'pt')}. A quantos desses trechos ele dá alguma probabilidade de vir depois?"},
    [("one", {"es": "A uno solo: la respuesta", "pt": "A um só: a resposta"}),
     ("ten", {"es": "A unos diez", "pt": "A uns dez"}),
     ("all", {"es": "A todos", "pt": "A todos"})],
    opening_answer, _opening_explain, lesson="turing")


PARITY_CASES = [("quiz_turing", {"answer": "half"}), ("quiz_opening", {"answer": "all"}),
    ("quiz_pe_shuffle", {"answer": "same"}),
    ("quiz_pe_distance", {"answer": "first"}),
    ("quiz_rm_context", {"answer": "last"}),
]
