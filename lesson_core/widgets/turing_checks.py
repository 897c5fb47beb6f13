"""Chapter quizzes that break long stretches of prose (issue 29, deliverable 4), built with
:func:`lesson_core.widgets.turing_quiz.make_quiz`: each computes its example from the lesson's own
data and marks the option the computation confirms.
"""

from __future__ import annotations

import math

from ..data import attention as da
from ..data.published_models import MODELS
from ..kit import fpmath as fp
from ..kit.fmt import fmt, fmt_pct, quote, tr
from ..kit.html import Markup
from ..kit.svgkit import fmt_vec
from ..topics import diffusion as dif
from ..topics import training as tn
from ..topics import vectors as vec
from ..topics.attention import attention, softmax
from ..topics.scale import big_words
from ..topics.training import gradient
from .turing_quiz import _explained, make_quiz

# --- chapter 2, attention: the dot product of a query and a key --------------------------------

_XS = [da.SENTENCE[t] for t in da.TOKEN_IDS]
_RUN = attention(_XS, da.HEADS["A"])
_HE, _CAT = da.TOKEN_IDS.index("he"), da.TOKEN_IDS.index("cat")
Q_HE, K_CAT = _RUN["q"][_HE], _RUN["k"][_CAT]
QK = math.fsum(a * b for a, b in zip(Q_HE, K_CAT))
QK_OPTIONS = {"right": QK, "sum": math.fsum(Q_HE + K_CAT), "first": Q_HE[0] * K_CAT[0] - Q_HE[1] * K_CAT[1],
              "cross": Q_HE[0] * K_CAT[1] + Q_HE[1] * K_CAT[0]}
if len({round(v, 2) for v in QK_OPTIONS.values()}) != len(QK_OPTIONS):
    raise ValueError("quiz_attn_dot: two options read the same")


def _tok(t: str, lang: str) -> str:
    return quote(tr(lang, da.TOKENS[t]), lang)


def _qk_explain(lang: str) -> Markup:
    head = ["", tr(lang, {"es": "Primer número", "pt": "Primeiro número"}),
            tr(lang, {"es": "Segundo número", "pt": "Segundo número"})]
    rows = [["q", fmt(Q_HE[0], lang, 2), fmt(Q_HE[1], lang, 2)], ["k", fmt(K_CAT[0], lang, 2), fmt(K_CAT[1], lang, 2)],
            ["q·k", f"{fmt(Q_HE[0], lang, 2)}·{fmt(K_CAT[0], lang, 2)}", f"{fmt(Q_HE[1], lang, 2)}·{fmt(K_CAT[1], lang, 2)}"]]
    score = QK / math.sqrt(len(Q_HE))
    text = tr(lang, {"es": f"Se multiplican los números que ocupan el mismo lugar y se suman: {fmt(QK, lang, 2)}. "
                           f"Dividido entre √2, da la puntuación de la sección siguiente, {fmt(score, lang, 2)}.",
                     "pt": f"Multiplicam-se os números que ocupam o mesmo lugar e somam-se os produtos: "
                           f"{fmt(QK, lang, 2)}. Dividido por √2, dá a pontuação da seção seguinte, {fmt(score, lang, 2)}."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_attn_dot",
    {"es": "Pregunta: ¿cuánto le interesa «gato» a «él»?", "pt": "Pergunta: quanto “gato” interessa a “ele”?"},
    {lg: tr(lg, {"es": f"La consulta de {_tok('he', 'es')} es {fmt_vec(Q_HE, 'es', 2)} y la clave de {_tok('cat', 'es')}, "
                       f"{fmt_vec(K_CAT, 'es', 2)}. ¿Cuánto vale su producto escalar?",
                 "pt": f"A consulta de {_tok('he', 'pt')} é {fmt_vec(Q_HE, 'pt', 2)} e a chave de {_tok('cat', 'pt')}, "
                       f"{fmt_vec(K_CAT, 'pt', 2)}. Quanto vale o produto escalar delas?"}) for lg in ("es", "pt")},
    [(k, {lg: fmt(v, lg, 2) for lg in ("es", "pt")}) for k, v in sorted(QK_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _qk_explain)


# --- chapter 2, attention: softmax shares one whole --------------------------------------------

_SCORES = [s for s in _RUN["scores"][_HE] if s is not None]
BUMP = 1.0
_BUMPED = [s + BUMP if j == _CAT else s for j, s in enumerate(_SCORES)]
_W0, _W1 = softmax(_SCORES), softmax(_BUMPED)
_OTHERS = [j for j in range(len(_SCORES)) if j != _CAT]
_ANSWER = ("down" if all(_W1[j] < _W0[j] for j in _OTHERS) else
           "up" if all(_W1[j] > _W0[j] for j in _OTHERS) else "same")


def _weights_explain(lang: str) -> Markup:
    names = [tr(lang, da.TOKENS[t]) for t in da.TOKEN_IDS[:len(_SCORES)]]
    head = [""] + [quote(n, lang) for n in names]
    rows = [[tr(lang, {"es": "Antes", "pt": "Antes"})] + [fmt(w, lang, 3) for w in _W0],
            [tr(lang, {"es": f"«gato» + {fmt(BUMP, lang)}", "pt": f"“gato” + {fmt(BUMP, lang)}"})]
            + [fmt(w, lang, 3) for w in _W1]]
    text = tr(lang, {"es": "Los pesos siempre suman 1: si «gato» se lleva más, a los demás les queda menos, aunque "
                           "sus puntuaciones no hayan cambiado.",
                     "pt": "Os pesos sempre somam 1: se “gato” fica com mais, sobra menos para os outros, mesmo "
                           "que as pontuações deles não tenham mudado."})
    return _explained(head, rows, text, titled=True)


make_quiz(
    "quiz_attn_softmax",
    {"es": "Pregunta: si una puntuación sube", "pt": "Pergunta: se uma pontuação sobe"},
    {"es": f"Sumamos {fmt(BUMP, 'es')} a la puntuación de «gato» para «él» y dejamos las demás como estaban. "
           "Después de softmax, ¿qué les pasa a los pesos de los otros tokens?",
     "pt": f"Somamos {fmt(BUMP, 'pt')} à pontuação de “gato” para “ele” e deixamos as outras como estavam. "
           "Depois do softmax, o que acontece com os pesos dos outros tokens?"},
    [("same", {"es": "No cambian: sus puntuaciones son las mismas", "pt": "Não mudam: as pontuações deles são as mesmas"}),
     ("down", {"es": "Bajan todos", "pt": "Todos diminuem"}),
     ("up", {"es": "Suben todos", "pt": "Todos aumentam"})],
    _ANSWER, _weights_explain)


# --- chapter 3: the loss of a correct token given probability one quarter ---------------------

LOSS_P = 0.25
LOSS = -fp.log(LOSS_P)  # shown with 2 decimals; the options differ by far more than the rounding
LOSS_OPTIONS = {"right": LOSS, "p": LOSS_P, "one_minus": 1 - LOSS_P, "zero": 0.0}


def _loss_explain(lang: str) -> Markup:
    head = ["p", "−ln p"]
    rows = [[fmt(q, lang, 2), fmt(-fp.log(q), lang, 2)] for q in (1.0, 0.5, LOSS_P, 0.01)]
    text = tr(lang, {"es": f"−ln {fmt(LOSS_P, lang, 2)} = ln 4 ≈ {fmt(LOSS, lang, 2)}: el doble que con p = {fmt(0.5, lang, 1)}, porque "
                           "¼ = ½ · ½ y el logaritmo convierte el producto en suma.",
                     "pt": f"−ln {fmt(LOSS_P, lang, 2)} = ln 4 ≈ {fmt(LOSS, lang, 2)}: o dobro de quando p = {fmt(0.5, lang, 1)}, porque "
                           "¼ = ½ · ½ e o logaritmo transforma o produto em soma."})
    return _explained(head, rows, text, titled=True)


make_quiz(
    "quiz_loss",
    {"es": "Pregunta: la pérdida de un acierto tímido", "pt": "Pergunta: a perda de um acerto tímido"},
    {"es": f"El modelo le dio al token correcto una probabilidad de {fmt(LOSS_P, 'es', 2)}. ¿Cuánto vale la pérdida −ln p?",
     "pt": f"O modelo deu ao token correto uma probabilidade de {fmt(LOSS_P, 'pt', 2)}. Quanto vale a perda −ln p?"},
    [(k, {lg: fmt(v, lg, 2) for lg in ("es", "pt")}) for k, v in sorted(LOSS_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _loss_explain)


# --- chapter 3: the slope of the correct token's logit is p - 1 --------------------------------

GRAD_LOGITS, GRAD_CORRECT = [2.0, 1.0, 0.1], 0
_G = gradient(GRAD_LOGITS, GRAD_CORRECT)
_P = softmax(GRAD_LOGITS)
GRAD_SIGN = "down" if _G[GRAD_CORRECT] < 0 else "up"


def _grad_explain(lang: str) -> Markup:
    head = ["", tr(lang, {"es": "Logit", "pt": "Logit"}), "p",
            tr(lang, {"es": "Pendiente", "pt": "Inclinação"})]
    rows = [[i + 1, fmt(z, lang, 1), fmt(q, lang, 3), fmt(g, lang, 3)]
            for i, (z, q, g) in enumerate(zip(GRAD_LOGITS, _P, _G))]
    text = tr(lang, {"es": f"La pendiente del correcto es p − 1 = {fmt(_G[GRAD_CORRECT], lang, 3)}: negativa, así que "
                           "un paso contra la pendiente sube su logit. Las de los otros son sus p, positivas: sus "
                           "logits bajan.",
                     "pt": f"A inclinação do correto é p − 1 = {fmt(_G[GRAD_CORRECT], lang, 3)}: negativa, então um "
                           "passo contra a inclinação aumenta o logit dele. As dos outros são os seus p, positivas: "
                           "os logits deles diminuem."})
    return _explained(head, rows, text, titled=True)


make_quiz(
    "quiz_gradient",
    {"es": "Pregunta: ¿hacia dónde se mueve el logit correcto?", "pt": "Pergunta: para onde vai o logit correto?"},
    {"es": f"Tres logits, {fmt_vec(GRAD_LOGITS, 'es', 1)}, y el correcto es el primero. Tras un paso de descenso del "
           "gradiente, ¿qué le pasa a su logit?",
     "pt": f"Três logits, {fmt_vec(GRAD_LOGITS, 'pt', 1)}, e o correto é o primeiro. Depois de um passo de descida do "
           "gradiente, o que acontece com o logit dele?"},
    [("up", {"es": "Sube, aunque ya era el mayor", "pt": "Aumenta, mesmo já sendo o maior"}),
     ("down", {"es": "Baja", "pt": "Diminui"}),
     ("same", {"es": "No cambia, porque ya era el mayor", "pt": "Não muda, porque já era o maior"})],
    "up" if GRAD_SIGN == "down" else "down", _grad_explain)


# --- chapter 3: the chain rule at w = 1 --------------------------------------------------------

CHAIN_W = 1.0
_ST = tn.chain_step(CHAIN_W, 0.1)
CHAIN_OPTIONS = {"right": _ST["dl_dw"], "dl_da": _ST["dl_da"], "loss": _ST["loss"], "a": _ST["a"]}
if len(set(CHAIN_OPTIONS.values())) != len(CHAIN_OPTIONS):
    raise ValueError("quiz_chain: two options are equal")


def _chain_explain(lang: str) -> Markup:
    head = [tr(lang, {"es": "Paso", "pt": "Passo"}), tr(lang, {"es": "Valor", "pt": "Valor"})]
    rows = [["a = 2w − 3", fmt(_ST["a"], lang)], ["dL/da = 2a", fmt(_ST["dl_da"], lang)],
            ["da/dw", fmt(_ST["da_dw"], lang)], ["dL/dw = 2a · 2", fmt(_ST["dl_dw"], lang)]]
    text = tr(lang, {"es": "Las tasas de cambio se multiplican a lo largo de la cadena. La pendiente es negativa: "
                           "conviene subir w, hacia el mínimo en " + fmt(tn.W_MIN, lang) + ".",
                     "pt": "As taxas de variação se multiplicam ao longo da cadeia. A inclinação é negativa: "
                           "convém aumentar w, rumo ao mínimo em " + fmt(tn.W_MIN, lang) + "."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_chain",
    {"es": "Pregunta: la regla de la cadena en w = 1", "pt": "Pergunta: a regra da cadeia em w = 1"},
    {"es": f"Con entrada {fmt(tn.CHAIN_INPUT, 'es')}, objetivo {fmt(tn.CHAIN_TARGET, 'es')} y pérdida L = a², donde "
           f"a = 2w − 3, ¿cuánto vale la pendiente dL/dw en w = {fmt(CHAIN_W, 'es')}?",
     "pt": f"Com entrada {fmt(tn.CHAIN_INPUT, 'pt')}, alvo {fmt(tn.CHAIN_TARGET, 'pt')} e perda L = a², em que "
           f"a = 2w − 3, quanto vale a inclinação dL/dw em w = {fmt(CHAIN_W, 'pt')}?"},
    [(k, {lg: fmt(v, lg) for lg in ("es", "pt")}) for k, v in sorted(CHAIN_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _chain_explain)


# --- chapter 4: mixture of experts, the share of parameters a token uses -------------------------

_MOE = next(m for m in MODELS if m["id"] == "deepseekv3")
MOE_SHARE = _MOE["active"] / _MOE["params"]
MOE_OPTIONS = {"right": MOE_SHARE, "half": 0.5, "all": 1.0, "tiny": MOE_SHARE / 10}


def _moe_explain(lang: str) -> Markup:
    head = ["", tr(lang, {"es": "Parámetros", "pt": "Parâmetros"})]
    rows = [[tr(lang, {"es": "En total", "pt": "No total"}), big_words(_MOE["params"], lang)],
            [tr(lang, {"es": "Los que usa cada token", "pt": "Os que cada token usa"}), big_words(_MOE["active"], lang)]]
    text = tr(lang, {"es": f"{big_words(_MOE['active'], lang)} de {big_words(_MOE['params'], lang)}: el "
                           f"{fmt_pct(MOE_SHARE, lang)}. El enrutador elige unos pocos expertos por token, y el resto "
                           "de la red de cada token no trabaja para ese token.",
                     "pt": f"{big_words(_MOE['active'], lang)} de {big_words(_MOE['params'], lang)}: "
                           f"{fmt_pct(MOE_SHARE, lang)}. O roteador escolhe poucos especialistas por token, e o resto "
                           "da rede de cada token não trabalha para esse token."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_moe",
    {"es": "Pregunta: ¿cuánto del modelo usa cada token?", "pt": "Pergunta: quanto do modelo cada token usa?"},
    {"es": f"{_MOE['name']} es una mezcla de expertos de {big_words(_MOE['params'], 'es')} de parámetros, y cada "
           f"token pasa por {big_words(_MOE['active'], 'es')}. ¿Qué parte del modelo usa cada token?",
     "pt": f"O {_MOE['name']} é uma mistura de especialistas de {big_words(_MOE['params'], 'pt')} de parâmetros, e cada "
           f"token passa por {big_words(_MOE['active'], 'pt')}. Que parte do modelo cada token usa?"},
    [(k, {lg: fmt_pct(v, lg) for lg in ("es", "pt")}) for k, v in sorted(MOE_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _moe_explain)


# --- chapter 4: "points that count", 1 / sum of squared weights ----------------------------------

EQUAL_K = 4
EFFECTIVE = 1 / math.fsum((1 / EQUAL_K) * (1 / EQUAL_K) for _ in range(EQUAL_K))
EFF_OPTIONS = {"right": EFFECTIVE, "one": 1.0, "half": EQUAL_K / 2, "square": EQUAL_K * EQUAL_K}


def _eff_explain(lang: str) -> Markup:
    head = [tr(lang, {"es": "Pesos", "pt": "Pesos"}), "Σ w²", "1 / Σ w²"]
    rows = [[fmt_vec([1 / k] * k, lang, 2), fmt(1 / k, lang, 2), fmt(k, lang)] for k in (1, 2, EQUAL_K)]
    text = tr(lang, {"es": f"Con {EQUAL_K} pesos de ¼, la suma de cuadrados es {EQUAL_K} · 1/16 = ¼, y 1/¼ = {fmt(EFFECTIVE, lang)}: "
                           "cuentan los cuatro puntos, como debe ser.",
                     "pt": f"Com {EQUAL_K} pesos de ¼, a soma dos quadrados é {EQUAL_K} · 1/16 = ¼, e 1/¼ = {fmt(EFFECTIVE, lang)}: "
                           "contam os quatro pontos, como deve ser."})
    return _explained(head, rows, text, titled=True)


make_quiz(
    "quiz_effective_points",
    {"es": "Pregunta: ¿cuántos puntos cuentan?", "pt": "Pergunta: quantos pontos contam?"},
    {"es": f"La estimación reparte el peso a partes iguales entre {EQUAL_K} puntos: ¼ cada uno. ¿Cuánto vale 1/Σ wᵢ², "
           "la fila «Puntos que cuentan»?",
     "pt": f"A estimativa divide o peso igualmente entre {EQUAL_K} pontos: ¼ cada um. Quanto vale 1/Σ wᵢ², a linha "
           "“Pontos que contam”?"},
    [(k, {lg: fmt(v, lg) for lg in ("es", "pt")}) for k, v in sorted(EFF_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _eff_explain)


# --- chapter 2: the length of a vector, by Pythagoras ------------------------------------------

LEN_VEC = (3.0, 4.0)
LEN = vec.norm(list(LEN_VEC))
LEN_OPTIONS = {"right": LEN, "sum": math.fsum(LEN_VEC), "squares": math.fsum(x * x for x in LEN_VEC), "diff": 1.0}


def _len_explain(lang: str) -> Markup:
    a, b = LEN_VEC
    head = [tr(lang, {"es": "Paso", "pt": "Passo"}), tr(lang, {"es": "Valor", "pt": "Valor"})]
    rows = [[f"{fmt(a, lang)}² + {fmt(b, lang)}²", fmt(a * a + b * b, lang)], ["√", fmt(LEN, lang)]]
    text = tr(lang, {"es": "La longitud es la raíz de la suma de los cuadrados: la hipotenusa de un triángulo rectángulo "
                           "cuyos catetos son los dos números.",
                     "pt": "O comprimento é a raiz da soma dos quadrados: a hipotenusa de um triângulo retângulo cujos "
                           "catetos são os dois números."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_length",
    {"es": "Pregunta: la longitud de una flecha", "pt": "Pergunta: o comprimento de uma seta"},
    {lg: tr(lg, {"es": f"¿Cuánto mide la flecha {fmt_vec(LEN_VEC, 'es', 0)}?",
                 "pt": f"Quanto mede a seta {fmt_vec(LEN_VEC, 'pt', 0)}?"}) for lg in ("es", "pt")},
    [(k, {lg: fmt(v, lg) for lg in ("es", "pt")}) for k, v in sorted(LEN_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _len_explain)


# --- chapter 4: Chinchilla's tokens per parameter ------------------------------------------------

_CH = next(m for m in MODELS if m["id"] == "chinchilla")
PER_PARAM = _CH["tokens"] / _CH["params"]
_GPT3 = next(m for m in MODELS if m["id"] == "gpt3")
if not _GPT3["tokens"] / _GPT3["params"] < PER_PARAM / 5:  # «GPT-3 había leído muchos menos tokens por parámetro»
    raise ValueError("quiz_chinchilla: GPT-3 read far fewer tokens per parameter")
PER_OPTIONS = {"right": PER_PARAM, "tenth": PER_PARAM / 10, "hundred": PER_PARAM * 100, "one": 1.0}


def _per_explain(lang: str) -> Markup:
    head = ["", tr(lang, {"es": "Cantidad", "pt": "Quantidade"})]
    rows = [[tr(lang, {"es": "Tokens de entrenamiento", "pt": "Tokens de treinamento"}), big_words(_CH["tokens"], lang)],
            [tr(lang, {"es": "Parámetros", "pt": "Parâmetros"}), big_words(_CH["params"], lang)],
            [tr(lang, {"es": "Tokens por parámetro", "pt": "Tokens por parâmetro"}), fmt(PER_PARAM, lang)]]
    text = tr(lang, {"es": "Se divide el texto leído entre el tamaño del modelo. GPT-3 había leído muchos menos tokens "
                           "por parámetro: el gráfico de abajo lo muestra en su ficha.",
                     "pt": "Divide-se o texto lido pelo tamanho do modelo. O GPT-3 tinha lido muito menos tokens por "
                           "parâmetro: o gráfico abaixo mostra isso na ficha dele."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_chinchilla",
    {"es": "Pregunta: tokens por parámetro", "pt": "Pergunta: tokens por parâmetro"},
    {"es": f"Chinchilla tiene {big_words(_CH['params'], 'es')} de parámetros y leyó {big_words(_CH['tokens'], 'es')} "
           "de tokens. ¿Cuántos tokens leyó por cada parámetro?",
     "pt": f"O Chinchilla tem {big_words(_CH['params'], 'pt')} de parâmetros e leu {big_words(_CH['tokens'], 'pt')} "
           "de tokens. Quantos tokens ele leu por parâmetro?"},
    [(k, {lg: fmt(v, lg) for lg in ("es", "pt")}) for k, v in sorted(PER_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _per_explain)


# --- chapter 4: an error in the predicted noise, with little signal left ---------------------------

DN_X0, DN_EPS, DN_ERR, DN_ABAR = 0.5, 1.0, 0.1, 0.01
_XT = dif.noisy_pixel(DN_X0, DN_EPS, DN_ABAR)
DN_MISS = abs(dif.pixel_estimate(_XT, DN_EPS + DN_ERR, DN_ABAR) - DN_X0)
if not 9 < DN_MISS / DN_ERR < 10:  # «lo agranda casi diez veces»
    raise ValueError("quiz_denoise: the explanation says 'almost ten times'")
DN_OPTIONS = {"right": DN_MISS, "same": DN_ERR, "smaller": DN_ERR * DN_ABAR, "huge": DN_MISS * 100}


def _dn_explain(lang: str) -> Markup:
    head = ["ᾱ", tr(lang, {"es": "Error en x̂₀", "pt": "Erro em x̂₀"})]
    rows = [[fmt(a, lang), fmt(abs(dif.pixel_estimate(dif.noisy_pixel(DN_X0, DN_EPS, a), DN_EPS + DN_ERR, a) - DN_X0),
                                lang, 3)] for a in (0.9, 0.5, DN_ABAR)]
    text = tr(lang, {"es": f"El error de ε̂ se multiplica por √(1 − ᾱ) y se divide entre √ᾱ: con ᾱ = {fmt(DN_ABAR, lang)}, "
                           "la división entre un número tan pequeño lo agranda casi diez veces.",
                     "pt": f"O erro de ε̂ é multiplicado por √(1 − ᾱ) e dividido por √ᾱ: com ᾱ = {fmt(DN_ABAR, lang)}, "
                           "a divisão por um número tão pequeno o aumenta quase dez vezes."})
    return _explained(head, rows, text, titled=True)


make_quiz(
    "quiz_denoise",
    {"es": "Pregunta: un pequeño error con mucho ruido", "pt": "Pergunta: um pequeno erro com muito ruído"},
    {"es": f"Con ᾱ = {fmt(DN_ABAR, 'es')} (casi todo ruido), la red se equivoca en {fmt(DN_ERR, 'es')} al estimar ε. "
           "¿En cuánto se equivoca entonces la estimación x̂₀ del píxel?",
     "pt": f"Com ᾱ = {fmt(DN_ABAR, 'pt')} (quase só ruído), a rede erra por {fmt(DN_ERR, 'pt')} ao estimar ε. "
           "Por quanto erra então a estimativa x̂₀ do pixel?"},
    [(k, {lg: fmt(v, lg, 3) for lg in ("es", "pt")}) for k, v in sorted(DN_OPTIONS.items(), key=lambda kv: kv[1])],
    "right", _dn_explain)


# --- chapter 4: the weighted mean is the estimate with the least squared error ----------------------

WM_POINTS, WM_WEIGHTS = (0.0, 4.0), (0.25, 0.75)
WM_CANDIDATES = (0.0, 2.0, 3.0, 4.0)
assert WM_WEIGHTS == (0.25, 0.75), "the question and the explanation write ¼ and ¾"


def wm_error(c: float) -> float:
    """Expected squared error of the estimate c when the clean point is x_i with probability w_i."""
    return math.fsum(w * (x - c) * (x - c) for x, w in zip(WM_POINTS, WM_WEIGHTS))


WM_BEST = min(WM_CANDIDATES, key=wm_error)


def _wm_explain(lang: str) -> Markup:
    head = [tr(lang, {"es": "Estimación", "pt": "Estimativa"}),
            tr(lang, {"es": "Error cuadrático esperado", "pt": "Erro quadrático esperado"})]
    rows = [[fmt(c, lang), fmt(wm_error(c), lang, 2)] for c in WM_CANDIDATES]
    mean = math.fsum(w * x for x, w in zip(WM_POINTS, WM_WEIGHTS))
    text = tr(lang, {"es": f"La media ponderada, ¼·{fmt(WM_POINTS[0], lang)} + ¾·{fmt(WM_POINTS[1], lang)} = "
                           f"{fmt(mean, lang)}, es la que menos error cuadrático deja; el punto más probable, "
                           f"{fmt(WM_POINTS[1], lang)}, no.",
                     "pt": f"A média ponderada, ¼·{fmt(WM_POINTS[0], lang)} + ¾·{fmt(WM_POINTS[1], lang)} = "
                           f"{fmt(mean, lang)}, é a que deixa menos erro quadrático; o ponto mais provável, "
                           f"{fmt(WM_POINTS[1], lang)}, não."})
    return _explained(head, rows, text)


make_quiz(
    "quiz_weighted_mean",
    {"es": "Pregunta: la mejor estimación", "pt": "Pergunta: a melhor estimativa"},
    {"es": f"El punto limpio es {fmt(WM_POINTS[0], 'es')} con probabilidad ¼ o {fmt(WM_POINTS[1], 'es')} con "
           "probabilidad ¾. ¿Qué estimación deja el menor error cuadrático esperado?",
     "pt": f"O ponto limpo é {fmt(WM_POINTS[0], 'pt')} com probabilidade ¼ ou {fmt(WM_POINTS[1], 'pt')} com "
           "probabilidade ¾. Que estimativa deixa o menor erro quadrático esperado?"},
    [(f"c{int(c)}", {lg: fmt(c, lg) for lg in ("es", "pt")}) for c in WM_CANDIDATES],
    f"c{int(WM_BEST)}", _wm_explain)


PARITY_CASES = [("quiz_length", {"answer": "right"}), ("quiz_chinchilla", {"answer": "one"}),
                ("quiz_denoise", {"answer": "same"}), ("quiz_weighted_mean", {"answer": "c4"}),
                ("quiz_attn_dot", {"answer": "right"}), ("quiz_attn_softmax", {"answer": "same"}),
                ("quiz_loss", {"answer": "p"}), ("quiz_gradient", {"answer": "up"}), ("quiz_chain", {"answer": "a"}),
                ("quiz_moe", {"answer": "half"}), ("quiz_effective_points", {"answer": "right"})]
