"""Worksheets: one student widget per chapter (a printable sheet per variant 1-30, never a key), and
each variant's sheet and key (:func:`sheet_html`), which the teacher's class set prints (class_set.py).

The variant is a slider, so all 30 sheets are precomputed at build time and switch
without Python. The keys appear only in the class set (class_set.py), which the teacher
pages (docs/*/teacher/class/) show through the ``class_set`` macro. The exercises and their answers come from
:mod:`lesson_core.classroom.worksheets`; this module only words them (es, pt).
"""

from __future__ import annotations

import re

from ..classroom import worksheets as ws
from ..kit.controls import Range
from ..kit.fmt import fmt, fmt_upto, quote, tr
from ..kit.html import Markup, h, text_of
from ..kit.registry import View, widget
from ..kit.svgkit import fmt_vec
from ..topics.scale import big_words
from .own_text import held_out_item

CHAPTER_TITLES = {
    "positional": {"es": "Codificación posicional", "pt": "Codificação posicional"},
    "words": {"es": "Capítulo 1: palabras y tokens", "pt": "Capítulo 1: palavras e tokens"},
    "vectors": {"es": "Capítulo 2: vectores y atención", "pt": "Capítulo 2: vetores e atenção"},
    "generation": {"es": "Capítulo 3: generar y aprender", "pt": "Capítulo 3: gerar e aprender"},
    "scale": {"es": "Capítulo 4: escala y difusión", "pt": "Capítulo 4: escala e difusão"},
}
SHEET = {"es": "Ficha", "pt": "Folha de exercícios"}
KEY = {"es": "Clave de respuestas", "pt": "Gabarito"}
VARIANT = {"es": "Variante", "pt": "Variante"}
NAME = {"es": "Nombre: ____________________  Grupo: ________  Fecha: __________",
        "pt": "Nome: ____________________  Turma: ________  Data: __________"}


def rounding_rule(chapter: str, lang: str) -> str:
    """The sheet's rule, said once at its top; the key follows it (see ws.DECIMALS, ws.TOLERANCE)."""
    if chapter == "words":
        return tr(lang, {"es": "Escribe cada probabilidad como fracción recuento/total, sin simplificar, "
                               "y cada recuento como número entero.",
                         "pt": "Escreva cada probabilidade como fração contagem/total, sem simplificar, "
                               "e cada contagem como número inteiro."})
    d, tol = fmt(ws.DECIMALS, lang), fmt(ws.TOLERANCE, lang, ws.DECIMALS)
    return tr(lang, {"es": f"Puedes usar calculadora. Calcula siempre con todas las cifras (sin redondear los pasos "
                           f"intermedios) y escribe cada resultado redondeado a {d} decimales. Una diferencia "
                           f"de ±{tol} con la clave se da por buena.",
                     "pt": f"Pode usar calculadora. Calcule sempre com todos os algarismos (sem arredondar os passos "
                           f"intermediários) e escreva cada resultado arredondado para {d} casas decimais. Uma "
                           f"diferença de ±{tol} em relação ao gabarito é aceita."})


KEY_RULE = {"es": "resultados redondeados al final", "pt": "resultados arredondados no final"}
RADIANS = {"es": " Ponla en radianes: sen(1) es el seno de 1 radián, no de 1 grado (en la calculadora, la tecla sin).",
           "pt": " Coloque-a em radianos: sen(1) é o seno de 1 radiano, não de 1 grau."}


def sheet_title(chapter: str, lang: str) -> str:
    """«Ficha del capítulo 1: palabras y tokens» / “Folha de exercícios de codificação posicional”."""
    title = tr(lang, CHAPTER_TITLES[chapter])
    if title.startswith("Capítulo "):
        return f"{tr(lang, SHEET)} {tr(lang, {'es': 'del', 'pt': 'do'})} c{title[1:]}"
    return f"{tr(lang, SHEET)} de {title[0].lower()}{title[1:]}"


def _n(x: float, lang: str, d: int = ws.DECIMALS) -> str:
    """A result rounded to ``d`` decimals for the key, without trailing zeros: −1,5 rather than −1,500."""
    return fmt_upto(x, lang, d)


def _v(values, lang: str, d: int = ws.DECIMALS) -> str:
    return fmt_vec(values, lang, d) if any(not float(v).is_integer() for v in values) else fmt_vec(values, lang, 0)


def _frac(pair: list[int]) -> str:
    return f"{pair[0]}/{pair[1]}"


# --- wording of each kind: (statement, key) ---------------------------------------------

def _pe_value(g: dict, a: dict, lang: str) -> tuple:
    pos, d = g["pos"], g["d"]
    st = tr(lang, {"es": f"Con d = {d}, calcula el código de la posición pos = {pos}: PE(pos, 0) = sen(pos), "
                         f"PE(pos, 1) = cos(pos), y para la onda i = 1 primero el divisor 10000^(2i/d) y luego "
                         "PE(pos, 2) = sen(pos / divisor) y PE(pos, 3) = cos(pos / divisor).",
                   "pt": f"Com d = {d}, calcule o código da posição pos = {pos}: PE(pos, 0) = sen(pos), "
                         f"PE(pos, 1) = cos(pos), e para a onda i = 1 primeiro o divisor 10000^(2i/d) e depois "
                         "PE(pos, 2) = sen(pos / divisor) e PE(pos, 3) = cos(pos / divisor)."})
    key = tr(lang, {"es": f"Divisor 10000^(2/{d}) = {_n(a['divisor'], lang)}. PE({pos}) = {_v(a['pe'], lang)}.",
                    "pt": f"Divisor 10000^(2/{d}) = {_n(a['divisor'], lang)}. PE({pos}) = {_v(a['pe'], lang)}."})
    return st, key


def _pe_sum(g: dict, a: dict, lang: str) -> tuple:
    st = tr(lang, {"es": f"La palabra de la posición {g['pos']} tiene el vector E = {_v(g['word'], lang, 1)}. "
                         "Usa el código del ejercicio anterior y calcula x = E + PE(pos), casilla a casilla.",
                   "pt": f"A palavra da posição {g['pos']} tem o vetor E = {_v(g['word'], lang, 1)}. "
                         "Use o código do exercício anterior e calcule x = E + PE(pos), casa por casa."})
    return st, f"x = {_v(a['x'], lang)}"


def _wavelength(g: dict, a: dict, lang: str) -> tuple:
    st = tr(lang, {"es": f"Con d = {g['d']}, ¿por qué número se divide la posición en la onda i = {g['i']} "
                         "(10000^(2i/d))? ¿Cada cuántas posiciones da esa onda una vuelta completa (2π · divisor)?",
                   "pt": f"Com d = {g['d']}, por qual número a posição é dividida na onda i = {g['i']} "
                         "(10000^(2i/d))? A cada quantas posições essa onda dá uma volta completa (2π · divisor)?"})
    key = tr(lang, {"es": f"Divisor {_n(a['divisor'], lang)}; una vuelta cada {_n(a['wavelength'], lang)} posiciones.",
                    "pt": f"Divisor {_n(a['divisor'], lang)}; uma volta a cada {_n(a['wavelength'], lang)} posições."})
    return st, key


def _bigram(g: dict, a: dict, lang: str) -> tuple:
    w = tr(lang, ws.BIGRAM_WORDS)
    corpus = " ".join(f"{w['det']} {w['noun'][n]} {w['verb'][v]} {w['obj'][o]} ." for n, v, o in g["slots"])
    noun, verb, obj = w["noun"][g["noun"]], w["verb"][g["verb"]], w["obj"][g["obj"]]
    st = h("span", None, tr(lang, {"es": "Corpus: ", "pt": "Corpus: "}), h("em", None, corpus), " ",
           tr(lang, {"es": f"Con el modelo de recuentos, calcula P({quote(noun, lang)} | {quote(w['det'], lang)}) y "
                           f"P({quote(obj, lang)} | {quote(verb, lang)}) como fracciones.",
                     "pt": f"Com o modelo de contagens, calcule P({quote(noun, lang)} | {quote(w['det'], lang)}) e "
                           f"P({quote(obj, lang)} | {quote(verb, lang)}) como frações."}))
    key = (f"P({quote(noun, lang)} | {quote(w['det'], lang)}) = {_frac(a['noun'])}; "
           f"P({quote(obj, lang)} | {quote(verb, lang)}) = {_frac(a['obj'])}")
    return st, key


def _bpe(g: dict, a: dict, lang: str) -> tuple:
    a = tr(lang, a)
    words = ", ".join(f"{word}×{c}" for word, c in tr(lang, g["words"]))
    st = tr(lang, {"es": f"Vocabulario con recuentos: {words}. Empezando por letras sueltas, cuenta cada par de letras "
                         "vecinas (multiplicado por el recuento de la palabra). ¿Qué par se fusiona primero, con qué "
                         "recuento, y cómo quedan las palabras?",
                   "pt": f"Vocabulário com contagens: {words}. Começando por letras soltas, conte cada par de letras "
                         "vizinhas (multiplicado pela contagem da palavra). Qual par é fundido primeiro, com que contagem, "
                         "e como ficam as palavras?"})
    pair = "+".join(a["pair"])
    after = ", ".join(" ".join(p) for p in a["after"])
    key = tr(lang, {"es": f"Primera fusión: {pair} (recuento {a['count']}). Palabras: {after}.",
                    "pt": f"Primeira fusão: {pair} (contagem {a['count']}). Palavras: {after}."})
    return st, key


def _dot(g: dict, a: dict, lang: str) -> tuple:
    st = tr(lang, {"es": f"a = {_v(g['a'], lang, 0)}, b = {_v(g['b'], lang, 0)}. Calcula el producto escalar a·b, "
                         "las longitudes |a| y |b| y el coseno del ángulo entre ellos.",
                   "pt": f"a = {_v(g['a'], lang, 0)}, b = {_v(g['b'], lang, 0)}. Calcule o produto escalar a·b, "
                         "os comprimentos |a| e |b| e o cosseno do ângulo entre eles."})
    key = (f"a·b = {_n(a['dot'], lang)}; |a| = {_n(a['norm_a'], lang)}; |b| = {_n(a['norm_b'], lang)}; "
           f"cos = {_n(a['cos'], lang)}")
    return st, key


def _attention(g: dict, a: dict, lang: str) -> tuple:
    keys = ", ".join(f"k{i + 1} = {_v(k, lang, 0)}" for i, k in enumerate(g["keys"]))
    st = tr(lang, {"es": f"Consulta q = {_v(g['q'], lang, 0)}; claves {keys}. Calcula las puntuaciones q·k/√2 y "
                         "conviértelas en pesos con softmax.",
                   "pt": f"Consulta q = {_v(g['q'], lang, 0)}; chaves {keys}. Calcule as pontuações q·k/√2 e "
                         "transforme-as em pesos com softmax."})
    key = tr(lang, {"es": f"Productos {_v(a['dots'], lang, 0)}; puntuaciones {_v(a['scores'], lang)}; "
                          f"pesos {_v(a['weights'], lang)}.",
                    "pt": f"Produtos {_v(a['dots'], lang, 0)}; pontuações {_v(a['scores'], lang)}; "
                          f"pesos {_v(a['weights'], lang)}."})
    return st, key


def _layernorm(g: dict, a: dict, lang: str) -> tuple:
    st = tr(lang, {"es": f"Normaliza x = {_v(g['x'], lang, 1)}: calcula la media, la varianza (dividiendo entre 4), "
                         "la desviación estándar y cada (x − media) / desviación (sin el pequeño ε).",
                   "pt": f"Normalize x = {_v(g['x'], lang, 1)}: calcule a média, a variância (dividindo por 4), "
                         "o desvio padrão e cada (x − média) / desvio (sem o pequeno ε)."})
    key = tr(lang, {"es": f"Media {_n(a['mean'], lang)}; varianza {_n(a['var'], lang)}; desviación {_n(a['std'], lang)}; "
                          f"resultado {_v(a['y'], lang)}.",
                    "pt": f"Média {_n(a['mean'], lang)}; variância {_n(a['var'], lang)}; desvio {_n(a['std'], lang)}; "
                          f"resultado {_v(a['y'], lang)}."})
    return st, key


def _temperature(g: dict, a: dict, lang: str) -> tuple:
    z, t = _v(g["logits"], lang, 1), fmt(g["t"], lang)
    st = tr(lang, {"es": f"Logits {z}. Calcula las probabilidades con softmax a temperatura T = 1 y a T = {t} "
                         "(divide cada logit entre T antes de softmax).",
                   "pt": f"Logits {z}. Calcule as probabilidades com softmax na temperatura T = 1 e em T = {t} "
                         "(divida cada logit por T antes do softmax)."})
    return st, f"T = 1: {_v(a['p1'], lang)}; T = {t}: {_v(a['pt'], lang)}"


def _train_step(g: dict, a: dict, lang: str) -> tuple:
    z, c, eta = _v(g["logits"], lang, 1), g["correct"] + 1, fmt(g["eta"], lang)
    lower = a["new_loss"] < a["loss"]
    st = tr(lang, {"es": f"Logits {z}; el token correcto es el n.º {c}. Calcula las probabilidades, la pérdida −ln p, "
                         f"el gradiente (p − 1 para el correcto, p para los demás) y los logits tras un paso con "
                         f"η = {eta}. ¿Baja la pérdida?",
                   "pt": f"Logits {z}; o token correto é o nº {c}. Calcule as probabilidades, a perda −ln p, "
                         f"o gradiente (p − 1 para o correto, p para os outros) e os logits após um passo com "
                         f"η = {eta}. A perda diminui?"})
    key = tr(lang, {"es": f"p = {_v(a['p'], lang)}; pérdida {_n(a['loss'], lang)}; gradiente {_v(a['grad'], lang)}; "
                          f"nuevos logits {_v(a['new_logits'], lang)}; nuevas probabilidades {_v(a['new_p'], lang)}; "
                          f"nueva pérdida {_n(a['new_loss'], lang)}: " + ("sí, baja." if lower else "no, no baja."),
                    "pt": f"p = {_v(a['p'], lang)}; perda {_n(a['loss'], lang)}; gradiente {_v(a['grad'], lang)}; "
                          f"novos logits {_v(a['new_logits'], lang)}; novas probabilidades {_v(a['new_p'], lang)}; "
                          f"nova perda {_n(a['new_loss'], lang)}: " + ("sim, diminui." if lower else "não, não diminui.")})
    return st, key


def _chain(g: dict, a: dict, lang: str) -> tuple:
    x, t, w0, eta = (fmt(g[k], lang) for k in ("x", "target", "w0", "eta"))
    st = tr(lang, {"es": f"Entrada {x}, predicción {x}·w, objetivo {t}, pérdida L = a² con a = {x}·w − {t}. "
                         f"Desde w = {w0}: calcula a, L, la pendiente dL/dw = 2a·{x}, el nuevo w = w − {eta}·pendiente "
                         "y la nueva pérdida. ¿Para qué w es la pérdida 0?",
                   "pt": f"Entrada {x}, previsão {x}·w, alvo {t}, perda L = a² com a = {x}·w − {t}. "
                         f"A partir de w = {w0}: calcule a, L, a inclinação dL/dw = 2a·{x}, o novo w = w − {eta}·inclinação "
                         "e a nova perda. Para qual w a perda é 0?"})
    key = (f"a = {_n(a['a'], lang)}; L = {_n(a['loss'], lang)}; dL/dw = {_n(a['slope'], lang)}; "
           f"w = {_n(a['w1'], lang)}; L = {_n(a['loss1'], lang)}; " + tr(lang, {"es": "mínimo en", "pt": "mínimo em"})
           + f" w = {_n(a['w_min'], lang)}")
    return st, key


def _comparisons(g: dict, a: dict, lang: str) -> tuple:
    n = fmt(g["n"], lang)
    st = tr(lang, {"es": f"Una frase tiene n = {n} tokens. Con atención causal, cada token se compara consigo mismo y con "
                         "los anteriores: ¿cuántas comparaciones hace una cabeza en total (n(n+1)/2)? ¿Cuántos pasos "
                         "separan el primer token del último en una red recurrente?",
                   "pt": f"Uma frase tem n = {n} tokens. Com atenção causal, cada token se compara consigo mesmo e com os "
                         "anteriores: quantas comparações uma cabeça faz no total (n(n+1)/2)? Quantos passos separam o "
                         "primeiro token do último em uma rede recorrente?"})
    return st, tr(lang, {"es": f"{fmt(a['pairs'], lang)} comparaciones; {fmt(a['rnn_steps'], lang)} pasos.",
                         "pt": f"{fmt(a['pairs'], lang)} comparações; {fmt(a['rnn_steps'], lang)} passos."})


BIAS_NAMES = {"es": ["persona", "femenino", "tamaño", "juventud"], "pt": ["pessoa", "feminino", "tamanho", "juventude"]}


def _bias(g: dict, a: dict, lang: str) -> tuple:
    axes, names = ", ".join(tr(lang, BIAS_NAMES)), [tr(lang, BIAS_NAMES)[j] for j in a["others"]]
    st = tr(lang, {"es": f"En una tabla hecha a mano, con las casillas [{axes}], «niño» es {_v(g['a'], lang, 1)} y "
                         f"«niña», {_v(g['b'], lang, 1)}. Calcula niña − niño casilla a casilla. ¿Qué casillas cambian "
                         "además de «femenino»? ¿Lo exige el significado de las palabras?",
                   "pt": f"Numa tabela feita à mão, com as casas [{axes}], “menino” é {_v(g['a'], lang, 1)} e "
                         f"“menina”, {_v(g['b'], lang, 1)}. Calcule menina − menino casa por casa. Que casas mudam "
                         "além de “feminino”? O sentido das palavras exige isso?"})
    key = tr(lang, {"es": f"niña − niño = {_v(a['diff'], lang, 1)}. Cambian también: {', '.join(names)}. No lo exige "
                          "el significado: es un sesgo de quien hizo la tabla.",
                    "pt": f"menina − menino = {_v(a['diff'], lang, 1)}. Mudam também: {', '.join(names)}. O sentido não "
                          "exige isso: é um viés de quem fez a tabela."})
    return st, key


def _context(g: dict, a: dict, lang: str) -> tuple:
    w, t = fmt(g["window"], lang), fmt(g["text"], lang)
    st = tr(lang, {"es": f"Un modelo tiene una ventana de contexto de {w} tokens y le das un texto de {t} tokens. "
                         "¿Cuántos tokens del principio no ve? ¿Cuál es el primer token que sí ve?",
                   "pt": f"Um modelo tem uma janela de contexto de {w} tokens e você dá a ele um texto de {t} tokens. "
                         "Quantos tokens do começo ele não vê? Qual é o primeiro token que ele vê?"})
    d, f = fmt(a["dropped"], lang), fmt(a["first_seen"], lang)
    return st, tr(lang, {"es": f"No ve {d}; el primero que ve es el {f}.", "pt": f"Não vê {d}; o primeiro que vê é o {f}."})


def _diffusion(g: dict, a: dict, lang: str) -> tuple:
    x0, e, ab = (fmt(g[k], lang) for k in ("x0", "eps", "abar"))
    st = tr(lang, {"es": f"Un píxel x₀ = {x0} recibe ruido ε = {e} con ᾱ = {ab}. Calcula √ᾱ, √(1 − ᾱ) y "
                         "x_t = √ᾱ·x₀ + √(1 − ᾱ)·ε. Si conoces ε, recupera x₀ = (x_t − √(1 − ᾱ)·ε) / √ᾱ.",
                   "pt": f"Um pixel x₀ = {x0} recebe ruído ε = {e} com ᾱ = {ab}. Calcule √ᾱ, √(1 − ᾱ) e "
                         "x_t = √ᾱ·x₀ + √(1 − ᾱ)·ε. Se você conhece ε, recupere x₀ = (x_t − √(1 − ᾱ)·ε) / √ᾱ."})
    return st, (f"√ᾱ = {_n(a['keep'], lang)}; √(1 − ᾱ) = {_n(a['noise'], lang)}; x_t = {_n(a['xt'], lang)}; "
                f"x₀ = {_n(a['x0_back'], lang)}")


def _chinchilla(g: dict, a: dict, lang: str) -> tuple:
    def big(billions: float) -> str:   # 2000 -> «2 billones» / “2 trilhões”
        return big_words(billions * 1e9, lang)
    trillion = any(x >= 1000 for x in (g["tokens_b"], a["tokens_b"]))
    st = tr(lang, {"es": f"Regla de Chinchilla: unos 20 tokens de entrenamiento por parámetro. ¿Con cuántos tokens "
                         f"habría que entrenar un modelo de {big(g['params_b'])} de parámetros? ¿Y qué tamaño de modelo "
                         f"le corresponde a un texto de {big(g['tokens_b'])} de tokens?"
                         + (" (Un billón es un millón de millones.)" if trillion else ""),
                   "pt": f"Regra do Chinchilla: uns 20 tokens de treinamento por parâmetro. Com quantos tokens deveria ser "
                         f"treinado um modelo de {big(g['params_b'])} de parâmetros? E qual é o tamanho de modelo adequado "
                         f"para um texto de {big(g['tokens_b'])} de tokens?"})
    return st, tr(lang, {"es": f"{big(a['tokens_b'])} de tokens; {big(a['params_b'])} de parámetros.",
                         "pt": f"{big(a['tokens_b'])} de tokens; {big(a['params_b'])} de parâmetros."})


def _effective(g: dict, a: dict, lang: str) -> tuple:
    st = tr(lang, {"es": f"Pesos {_v(g['w'], lang, 2)}. Calcula la suma de sus cuadrados y los «puntos que cuentan», "
                         "1 / (suma de cuadrados).",
                   "pt": f"Pesos {_v(g['w'], lang, 2)}. Calcule a soma dos quadrados e os “pontos que contam”, "
                         "1 / (soma dos quadrados)."})
    return st, tr(lang, {"es": f"Suma de cuadrados {_n(a['sum_sq'], lang)}; puntos que cuentan {_n(a['count'], lang)}.",
                         "pt": f"Soma dos quadrados {_n(a['sum_sq'], lang)}; pontos que contam {_n(a['count'], lang)}."})


WORDING = {"pe_value": _pe_value, "pe_sum": _pe_sum, "wavelength": _wavelength, "bigram": _bigram, "bpe": _bpe,
           "dot": _dot, "attention": _attention, "layernorm": _layernorm, "temperature": _temperature,
           "train_step": _train_step, "chain": _chain, "comparisons": _comparisons, "diffusion": _diffusion,
           "chinchilla": _chinchilla, "effective": _effective, "bias": _bias, "context": _context, "held_out": held_out_item}


def space(key) -> int:
    """The writing room an exercise needs, in units of 2 to 8 (aula.css: a line each, and the page's
    leftover shared in that proportion): one per number its key gives, as a student writes each one."""
    return max(2, min(8, len(re.findall(r"\d+(?:\u2060?[.,]\d+)?", text_of(key)))))


def sheet_html(chapter: str, n: int, lang: str) -> tuple[Markup, Markup]:
    """The sheet and the key of one variant."""
    exercises = ws.variant(chapter, n)
    worded = [WORDING[ex["kind"]](ex["given"], ex["answer"], lang) for ex in exercises]
    head = f"{tr(lang, CHAPTER_TITLES[chapter])} · {tr(lang, VARIANT)} {n}"
    sheet = h("div", {"class": "aula-worksheet", "data-chapter": chapter, "data-variant": n},
              h("p", {"class": "aula-ws-name"}, tr(lang, NAME)),
              h("p", {"class": "aula-ws-head"}, h("strong", None, f"{tr(lang, SHEET)} · {head}")),
              h("p", {"class": "aula-ws-note"},
                rounding_rule(chapter, lang) + (tr(lang, RADIANS) if chapter == "positional" else "")),
              h("ol", {"class": "aula-ws-list"},
                [h("li", {"class": "aula-ws-item", "data-space": space(k)}, st, h("div", {"class": "aula-ws-space"}))
                 for st, k in worded]))
    key = h("div", {"class": "aula-worksheet-key", "data-chapter": chapter, "data-variant": n},
            h("p", {"class": "aula-ws-head"}, h("strong", None, f"{tr(lang, KEY)} · {head}"),
              f" ({tr(lang, KEY_RULE)}, ±{fmt(ws.TOLERANCE, lang, ws.DECIMALS)})" if chapter != "words" else ""),
            h("ol", {"class": "aula-ws-list"}, [h("li", None, k) for _, k in worded]))
    return sheet, key


def _said(chapter: str, n: int, lang: str) -> str:
    """The widget's summary for screen readers: which sheet is shown, and its first exercise."""
    exercises = ws.variant(chapter, n)
    first, _ = WORDING[exercises[0]["kind"]](exercises[0]["given"], exercises[0]["answer"], lang)
    count = tr(lang, {"es": f"{len(exercises)} ejercicios", "pt": f"{len(exercises)} exercícios"})
    return f"{sheet_title(chapter, lang)}, {tr(lang, VARIANT).lower()} {n}, {count}. 1. {text_of(first)}"


def _register(chapter: str) -> None:
    """The student's sheet: one variant, never its key (keys: class_set.class_set_html, on a teacher page)."""
    @widget(f"ws_{chapter}", lesson="teacher",
            title={lg: sheet_title(chapter, lg) for lg in ("es", "pt")},
            controls=[Range("variant", VARIANT, 1, min=1, max=ws.VARIANTS, step=1)],
            parts={"sheet": ("variant",)},
            fields=("variants",))
    def _fn(p: dict, lang: str) -> View:
        sheet, _ = sheet_html(chapter, p["variant"], lang)
        return View(summary=_said(chapter, p["variant"], lang), parts={"sheet": sheet},
                    data={"variant": p["variant"], "variants": ws.VARIANTS, "exercises": ws.variant(chapter, p["variant"])})


for _chapter in ws.CHAPTERS:
    _register(_chapter)

PARITY_CASES = [("ws_words", {"variant": 7}), ("ws_vectors", {"variant": 30}),
                ("ws_positional", {"variant": 12}), ("ws_generation", {"variant": 3}), ("ws_scale", {"variant": 19})]
