"""Lesson 2 quizzes: one widget each, a row of answer buttons and a feedback part.

The right answer is never typed in: each quiz computes its example (from the
corpus, :mod:`lesson_core.topics.bigram`, or with :mod:`lesson_core.classroom.quiz`) and marks
the option that the computation confirms.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable

from ..topics import bigram
from ..classroom import quiz
from ..topics import sampling as smp
from ..kit.controls import Choice
from ..data.bigram import CORPUS, QUIZ
from ..data.sampling import CANDIDATES, H
from ..kit.fmt import fmt, fmt_sci, quote, tr
from ..kit.html import Markup, h
from ..kit.registry import View, widget
from ..kit.svgkit import card_table, fmt_vec

LESSON = "turing"
NO_ANSWER = {"es": "Sin responder todavía", "pt": "Ainda sem resposta"}
ANSWER = {"es": "Tu respuesta", "pt": "Sua resposta"}
RIGHT = {"es": "¡Correcto!", "pt": "Correto!"}
WRONG = {"es": "No es esa.", "pt": "Não é essa."}
PROMPT = {"es": "Elige una respuesta para ver la explicación.",
          "pt": "Escolha uma resposta para ver a explicação."}


def _explained(head: list, rows: list, text: str, titled: bool = False) -> Markup:
    """An explanation: its table, read as one card per row in a narrow box (a phone's column, the
    teacher's indented answer key), then its sentence. ``titled``: each card starts with the first
    column's header ("T 0,5")."""
    return Markup(card_table(head, rows, titled=titled) + h("p", None, text))


def make_quiz(wid: str, title: dict, question: dict, options: list[tuple[str, dict]],
              correct: str | Callable[[], str], explain: Callable[[str], Markup], lesson: str = LESSON) -> None:
    """Register a quiz widget: parts "question" (static, shown above the answer buttons) and
    "feedback" (depends on the answer). Other lessons' quizzes pass their ``lesson``. ``correct``
    may be a function, computed on first use, for an answer too heavy for import time (the real
    model's weights, which a page's browser has only for its own language)."""
    if not callable(correct):
        _check(wid, options, correct)
    QUIZZES[wid] = (question, options, correct, explain)

    @widget(wid, lesson=lesson, title=title,
            controls=[Choice("answer", ANSWER, "none", options=[("none", NO_ANSWER)] + options, style="buttons")],
            parts={"question": (), "feedback": ("answer",)}, lead=("question",))
    def _fn(p: dict, lang: str) -> View:
        ans = p["answer"]
        if ans == "none":
            fb = h("p", {"class": "aula-note"}, tr(lang, PROMPT))
            ok = None
            said = tr(lang, PROMPT)
        else:
            right_key = correct_answer(wid)
            ok = ans == right_key
            right = tr(lang, dict(options)[right_key])
            verdict = tr(lang, RIGHT) if ok else f"{tr(lang, WRONG)} " + tr(lang, {"es": "La respuesta es: ",
                                                                          "pt": "A resposta é: "}) + right
            fb = h("div", {"class": "aula-feedback " + ("aula-ok" if ok else "aula-bad")},
                   h("p", {"class": "aula-readout"}, h("strong", None, verdict)), explain(lang))
            said = f"{tr(lang, ANSWER)}: {tr(lang, dict(options)[ans])}. {verdict}" + ("" if ok else ".")
        return View(summary=said, parts={"question": Markup(h("p", {"class": "aula-question"}, tr(lang, question))
                                                            + print_options(options, correct_answer(wid), lang)), "feedback": fb},
                    data={"answer": ans, "correct": ok, "right_answer": correct_answer(wid)})


QUIZZES: dict[str, tuple] = {}  # widget id -> (question, options, correct key or its function, explain)


def _check(wid: str, options: list, correct: str) -> str:
    if correct not in [k for k, _ in options]:
        raise ValueError(f"{wid}: the computed answer {correct!r} is not among the options")
    return correct


def correct_answer(wid: str) -> str:
    """The quiz's right option, computed on first use when it was given as a function."""
    question, options, correct, explain = QUIZZES[wid]
    if callable(correct):
        correct = _check(wid, options, correct())
        QUIZZES[wid] = (question, options, correct, explain)
    return correct


def answer_key(wid: str, lang: str) -> Markup:
    """A quiz's answer key for the teacher's page: question, options with the right one marked,
    and the explanation the reader sees after answering."""
    question, options, _, explain = QUIZZES[wid]
    correct = correct_answer(wid)
    items = [h("li", None, h("strong", None, tr(lang, label), " ✓") if k == correct else tr(lang, label))
             for k, label in options]
    return h("div", {"class": "aula-answer-key"}, h("p", {"class": "aula-question"}, tr(lang, question)),
             h("ol", {"type": "a"}, items), explain(lang))


def print_options(options: list[tuple[str, dict]], correct: str, lang: str) -> Markup:
    """The options as a list for print (the radio buttons do not print); the teacher's print marks
    the right one (``data-correct``), the reader's print marks their own answer (set by teacher.js)."""
    return h("ol", {"class": "aula-quiz-options", "type": "a"},
             [h("li", {"data-option": k, "data-correct": k == correct}, tr(lang, label)) for k, label in options])


# --- 1. the count model after «sobre» -------------------------------------------------

def _bigram_answer() -> Fraction:
    """P(word | «sobre») from each corpus; the languages' corpora are built to agree."""
    values = {}
    for lang, (prev, word) in QUIZ.items():
        rows = bigram.next_table(tr(lang, CORPUS), prev)
        values[lang] = next(pr for w, _, pr in rows if w == word)
    if len(set(values.values())) != 1:
        raise ValueError(f"quiz_bigram: the corpora disagree: {values}")
    return values["es"]


BIGRAM_P = _bigram_answer()
_BIGRAM_OPTS = sorted({BIGRAM_P, Fraction(1, 2), Fraction(2, 3), Fraction(1)})


def _fkey(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}" if f.denominator > 1 else str(f.numerator)


def _after(lang: str) -> list:
    """The next-word rows after the quiz's word; the question says each occurs once."""
    rows = bigram.next_table(tr(lang, CORPUS), tr(lang, QUIZ)[0])
    if any(c != 1 for _, c, _ in rows):
        raise ValueError("quiz_bigram: every word after the quiz word must occur once")
    return rows


N_AFTER = {lang: len(_after(lang)) for lang in QUIZ}


def _bigram_explain(lang: str) -> Markup:
    prev, word = tr(lang, QUIZ)
    rows = bigram.next_table(tr(lang, CORPUS), prev)
    total = sum(c for _, c, _ in rows)
    count = next(c for w, c, _ in rows if w == word)
    body = [[quote(w, lang), c, f"{c}/{total} = {fmt(float(pr), lang, 3)}"] for w, c, pr in rows]
    head = [tr(lang, {"es": f"Después de {quote(prev, lang)}", "pt": f"Depois de {quote(prev, lang)}"}),
            tr(lang, {"es": "Recuento", "pt": "Contagem"}), tr(lang, {"es": "Probabilidad", "pt": "Probabilidade"})]
    text = tr(lang, {"es": f"{quote(word, lang)} sigue a {quote(prev, lang)} {count} vez de {total}: {count}/{total}. "
                  "Las probabilidades de la tabla suman 1.",
            "pt": f"{quote(word, lang)} vem depois de {quote(prev, lang)} {count} vez em {total}: {count}/{total}. "
                  "As probabilidades da tabela somam 1."})
    return _explained(head, body, text)


make_quiz(
    "quiz_bigram",
    {"es": "Pregunta: contar después de «sobre»", "pt": "Pergunta: contar depois de “sobre”"},
    {"es": f"En el corpus, después de «sobre» aparecen {N_AFTER['es']} palabras distintas, una vez cada una; una es "
          f"«{QUIZ['es'][1]}». ¿Qué probabilidad da el modelo de recuentos a «{QUIZ['es'][1]}» después de «sobre»?",
     "pt": f"No corpus, depois de “sobre” aparecem {N_AFTER['pt']} palavras diferentes, uma vez cada; uma delas é "
           f"“{QUIZ['pt'][1]}”. Que probabilidade o modelo de contagens dá a “{QUIZ['pt'][1]}” depois de “sobre”?"},
    [(_fkey(f), {"es": _fkey(f), "pt": _fkey(f)}) for f in _BIGRAM_OPTS],
    _fkey(BIGRAM_P), _bigram_explain)


# --- 2. which pair has dot product 0 ---------------------------------------------------

DOT_PAIRS = {"a": ((2, 1), (1, 2)), "b": ((3, 1), (-1, 3)), "c": ((1, 1), (2, 2)), "d": ((2, 0), (-1, 1))}
_ZERO = [k for k, (u, v) in DOT_PAIRS.items() if quiz.dot(u, v) == 0]
assert len(_ZERO) == 1, "exactly one pair must be perpendicular"


def _vec(v, lang: str) -> str:
    return fmt_vec(v, lang, 0)


def _dot_explain(lang: str) -> Markup:
    rows = []
    for k, (u, v) in DOT_PAIRS.items():
        terms = " + ".join(f"{fmt(a, lang)}·{fmt(b, lang) if b >= 0 else '(' + fmt(b, lang) + ')'}"
                           for a, b in zip(u, v))
        d = quiz.dot(u, v)
        rows.append([f"{_vec(u, lang)} · {_vec(v, lang)}", terms, h("strong", None, fmt(d, lang)) if d == 0 else fmt(d, lang)])
    head = [tr(lang, {"es": "Par", "pt": "Par"}), tr(lang, {"es": "Suma de productos", "pt": "Soma dos produtos"}),
            tr(lang, {"es": "Producto escalar", "pt": "Produto escalar"})]
    text = tr(lang, {"es": "Producto escalar 0 con dos flechas no nulas: forman un ángulo recto (coseno 0).",
            "pt": "Produto escalar 0 com duas setas não nulas: elas formam um ângulo reto (cosseno 0)."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_dot_zero",
    {"es": "Pregunta: producto escalar cero", "pt": "Pergunta: produto escalar zero"},
    {"es": "¿Qué par de vectores tiene producto escalar 0?", "pt": "Qual par de vetores tem produto escalar 0?"},
    [(k, {lg: f"{_vec(u, lg)} {tr(lg, {'es': 'y', 'pt': 'e'})} {_vec(v, lg)}" for lg in ("es", "pt")})
     for k, (u, v) in DOT_PAIRS.items()],
    _ZERO[0], _dot_explain)


# --- 3. adding a constant to every attention score ------------------------------------

SHIFT_SCORES, SHIFT_C = [2.0, 1.0, 0.5], 5.0
_SHIFT = quiz.shift_invariance(SHIFT_SCORES, SHIFT_C)


def _shift_explain(lang: str) -> Markup:
    shifted = [s + SHIFT_C for s in SHIFT_SCORES]
    head = ["", tr(lang, {"es": "Puntuaciones", "pt": "Pontuações"}), tr(lang, {"es": "Pesos (softmax)", "pt": "Pesos (softmax)"})]
    rows = [[tr(lang, {"es": "Antes", "pt": "Antes"}), fmt_vec(SHIFT_SCORES, lang, 1), fmt_vec(_SHIFT["before"], lang, 4)],
            [f"+ {fmt(SHIFT_C, lang)}", fmt_vec(shifted, lang, 1), fmt_vec(_SHIFT["after"], lang, 4)]]
    text = tr(lang, {"es": f"Sumar {fmt(SHIFT_C, lang)} multiplica cada e^puntuación por el mismo e^{fmt(SHIFT_C, lang)}, "
                  "arriba y abajo de la fracción, y se cancela: softmax solo mira las diferencias entre puntuaciones.",
            "pt": f"Somar {fmt(SHIFT_C, lang)} multiplica cada e^pontuação pelo mesmo e^{fmt(SHIFT_C, lang)}, "
                  "em cima e embaixo da fração, e isso se cancela: o softmax só olha as diferenças entre pontuações."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_attention_shift",
    {"es": "Pregunta: sumar lo mismo a todas las puntuaciones", "pt": "Pergunta: somar o mesmo a todas as pontuações"},
    {"es": "Si sumamos la misma cantidad a todas las puntuaciones de atención antes de softmax, ¿qué les pasa a los pesos?",
     "pt": "Se somarmos a mesma quantidade a todas as pontuações de atenção antes do softmax, o que acontece com os pesos?"},
    [("same", {"es": "No cambian", "pt": "Não mudam"}),
     ("grow", {"es": "Todos aumentan", "pt": "Todos aumentam"}),
     ("sharper", {"es": "El mayor se lleva aún más", "pt": "O maior fica com ainda mais"}),
     ("sum", {"es": "Dejan de sumar 1", "pt": "Deixam de somar 1"})],
    "same" if _SHIFT["max_diff"] < 1e-12 else "sharper", _shift_explain)


# --- 4. temperature near 0 ---------------------------------------------------------------

# The page's own example: three of the next-token candidates, with the logits h · e shown beside the quiz.
_TEMP_PICK = (0, 4, 6)  # tapete, suelo, luna
TEMP_LOGITS = [smp.logits_for(H, [CANDIDATES[i][2]])[0] for i in _TEMP_PICK]
TEMP_WORDS = {lang: [tr(lang, CANDIDATES[i][1]) for i in _TEMP_PICK] for lang in ("es", "pt")}
TEMPS = [2.0, 1.0, 0.5, 0.1, 0.01]
_TOP_COLD = smp.with_temperature(TEMP_LOGITS, TEMPS[-1])[0]


def _prob(p: float, lang: str) -> str:
    """A probability readable at both ends: 4,5·10⁻⁵ rather than 0,0000; 1 − 1,1·10⁻⁷ rather than 1,0000."""
    if p < 0.001:
        return fmt_sci(p, lang, 1)
    if p > 0.999:
        return f"1 − {fmt_sci(1 - p, lang, 1)}" if 1 - p > 1e-15 else "≈ 1"
    return fmt(p, lang, 4)


def _temp_explain(lang: str) -> Markup:
    head = ["T"] + [quote(w, lang) for w in tr(lang, TEMP_WORDS)]
    rows = [[fmt(t, lang)] + [_prob(pr, lang) for pr in smp.with_temperature(TEMP_LOGITS, t)] for t in TEMPS]
    text = tr(lang, {"es": f"Logits {fmt_vec(TEMP_LOGITS, lang, 2)} (los del recuadro «Elegir el siguiente token» del capítulo 3) divididos entre T antes de softmax. Con T pequeña, las "
                  "diferencias se agrandan y el token más probable se queda casi toda la probabilidad.",
            "pt": f"Logits {fmt_vec(TEMP_LOGITS, lang, 2)} (os do quadro “Escolher o próximo token” do capítulo 3) divididos por T antes do softmax. Com T pequena, as "
                  "diferenças crescem e o token mais provável fica com quase toda a probabilidade."})
    return _explained(head, rows, text, titled=True)


make_quiz(
    "quiz_temperature",
    {"es": "Pregunta: temperatura casi cero", "pt": "Pergunta: temperatura quase zero"},
    {"es": "Si bajamos la temperatura casi hasta 0, ¿qué token se elige?",
     "pt": "Se baixarmos a temperatura quase até 0, qual token é escolhido?"},
    [("top", {"es": "Casi siempre el más probable", "pt": "Quase sempre o mais provável"}),
     ("uniform", {"es": "Cualquiera, todos igual de probables", "pt": "Qualquer um, todos igualmente prováveis"}),
     ("rare", {"es": "Más a menudo los poco probables", "pt": "Com mais frequência os pouco prováveis"}),
     ("same", {"es": "Nada cambia", "pt": "Nada muda"})],
    "top" if _TOP_COLD > 0.999 else "same", _temp_explain)


# --- 5. diffusion at abar = 1 ----------------------------------------------------------

DIFF_X0, DIFF_EPS = 0.8, -1.2
DIFF_ABARS = [1.0, 0.5, 0.0]
_AT_ONE = quiz.diffuse(DIFF_X0, DIFF_EPS, 1.0)


def _diff_explain(lang: str) -> Markup:
    head = ["ᾱ", "√ᾱ", "√(1 − ᾱ)", "x_t"]
    rows = [[fmt(a, lang), fmt(math.sqrt(a), lang, 3), fmt(math.sqrt(1 - a), lang, 3),
             fmt(quiz.diffuse(DIFF_X0, DIFF_EPS, a), lang, 3)] for a in DIFF_ABARS]
    text = tr(lang, {"es": f"Con un píxel x₀ = {fmt(DIFF_X0, lang)} y ruido ε = {fmt(DIFF_EPS, lang)}: con ᾱ = 1 el ruido "
                  "se multiplica por √0 = 0 y queda x_t = x₀, la imagen sin ruido; con ᾱ = 0 solo queda ruido.",
            "pt": f"Com um pixel x₀ = {fmt(DIFF_X0, lang)} e ruído ε = {fmt(DIFF_EPS, lang)}: com ᾱ = 1 o ruído "
                  "é multiplicado por √0 = 0 e fica x_t = x₀, a imagem sem ruído; com ᾱ = 0 só sobra ruído."})
    return _explained(head, rows, text, titled=True)


make_quiz(
    "quiz_diffusion_alpha",
    {"es": "Pregunta: ¿qué queda con ᾱ = 1?", "pt": "Pergunta: o que sobra com ᾱ = 1?"},
    {"es": "En x_t = √ᾱ·x₀ + √(1 − ᾱ)·ε, ¿cuánto vale x_t cuando ᾱ = 1?",
     "pt": "Em x_t = √ᾱ·x₀ + √(1 − ᾱ)·ε, quanto vale x_t quando ᾱ = 1?"},
    [("x0", {"es": "x₀: la imagen sin ruido", "pt": "x₀: a imagem sem ruído"}),
     ("eps", {"es": "ε: solo ruido", "pt": "ε: só ruído"}),
     ("half", {"es": "La media de x₀ y ε", "pt": "A média de x₀ e ε"}),
     ("zero", {"es": "0", "pt": "0"})],
    "x0" if _AT_ONE == DIFF_X0 else "eps", _diff_explain)


PARITY_CASES = [
    ("quiz_bigram", {"answer": _fkey(BIGRAM_P)}),
    ("quiz_bigram", {"answer": "1/2"}),
    ("quiz_dot_zero", {"answer": "a"}),
    ("quiz_dot_zero", {"answer": _ZERO[0]}),
    ("quiz_attention_shift", {"answer": "same"}),
    ("quiz_temperature", {"answer": "uniform"}),
    ("quiz_diffusion_alpha", {"answer": "x0"}),
]
