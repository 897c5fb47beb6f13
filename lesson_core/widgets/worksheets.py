"""Worksheet widgets: one per chapter, a printable sheet and its answer key per variant (1-30).

The variant is a slider, so all 30 sheets and keys are precomputed at build
time and switch without Python. ``show`` picks the sheet, the key or both; in
print the key starts on a new page. The exercises and their answers come from
:mod:`lesson_core.classroom.worksheets`; this module only words them (es, pt).
"""

from __future__ import annotations

from ..classroom import worksheets as ws
from ..kit.controls import Choice, Range
from ..kit.fmt import fmt, fmt_upto, tr
from ..kit.html import Markup, h
from ..kit.registry import View, widget
from ..kit.svgkit import fmt_vec

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
NAME = {"es": "Nombre: ____________________  Fecha: __________",
        "pt": "Nome: ____________________  Data: __________"}
ROUND = {"es": "Redondea los resultados a 3 decimales. Puedes usar calculadora.",
         "pt": "Arredonde os resultados para 3 casas decimais. Pode usar calculadora."}
RADIANS = {"es": " Ponla en radianes: sin(1) es el seno de 1 radián, no de 1 grado.",
           "pt": " Coloque-a em radianos: sen(1) é o seno de 1 radiano, não de 1 grau."}
SHOW = {"es": "Mostrar", "pt": "Mostrar"}
SHOW_OPTS = [("both", {"es": "Ficha y clave", "pt": "Folha e gabarito"}),
             ("sheet", {"es": "Solo la ficha", "pt": "Só a folha"}),
             ("key", {"es": "Solo la clave", "pt": "Só o gabarito"})]


def _q(word: str, lang: str) -> str:
    return f"«{word}»" if lang == "es" else f"“{word}”"


def _n(x: float, lang: str, d: int = 3) -> str:
    """A result rounded to ``d`` decimals for the key, without trailing zeros: −1,5 rather than −1,500."""
    return fmt_upto(x, lang, d)


def _v(values, lang: str, d: int = 3) -> str:
    return fmt_vec(values, lang, d) if any(not float(v).is_integer() for v in values) else fmt_vec(values, lang, 0)


def _frac(pair: list[int]) -> str:
    return f"{pair[0]}/{pair[1]}"


def _t(lang: str, es: str, pt: str) -> str:
    return es if lang == "es" else pt


# --- wording of each kind: (statement, key) ---------------------------------------------

def _pe_value(g: dict, a: dict, lang: str) -> tuple:
    pos, d = g["pos"], g["d"]
    st = _t(lang, f"Con d = {d}, calcula el código de la posición pos = {pos}: PE(pos, 0) = sin(pos), "
                  f"PE(pos, 1) = cos(pos), y para la onda i = 1 primero el divisor 10000^(2i/d) y luego "
                  "PE(pos, 2) = sin(pos / divisor) y PE(pos, 3) = cos(pos / divisor).",
            f"Com d = {d}, calcule o código da posição pos = {pos}: PE(pos, 0) = sen(pos), "
            f"PE(pos, 1) = cos(pos), e para a onda i = 1 primeiro o divisor 10000^(2i/d) e depois "
            "PE(pos, 2) = sen(pos / divisor) e PE(pos, 3) = cos(pos / divisor).")
    key = _t(lang, f"Divisor 10000^(2/{d}) = {_n(a['divisor'], lang)}. PE({pos}) = {_v(a['pe'], lang)}.",
             f"Divisor 10000^(2/{d}) = {_n(a['divisor'], lang)}. PE({pos}) = {_v(a['pe'], lang)}.")
    return st, key


def _pe_sum(g: dict, a: dict, lang: str) -> tuple:
    st = _t(lang, f"La palabra de la posición {g['pos']} tiene el vector E = {_v(g['word'], lang, 1)}. "
                  "Usa el código del ejercicio anterior y calcula x = E + PE(pos), casilla a casilla.",
            f"A palavra da posição {g['pos']} tem o vetor E = {_v(g['word'], lang, 1)}. "
            "Use o código do exercício anterior e calcule x = E + PE(pos), casa por casa.")
    return st, f"x = {_v(a['x'], lang)}"


def _wavelength(g: dict, a: dict, lang: str) -> tuple:
    st = _t(lang, f"Con d = {g['d']}, ¿por qué número se divide la posición en la onda i = {g['i']} "
                  "(10000^(2i/d))? ¿Cada cuántas posiciones da esa onda una vuelta completa (2π · divisor)?",
            f"Com d = {g['d']}, por qual número a posição é dividida na onda i = {g['i']} "
            "(10000^(2i/d))? A cada quantas posições essa onda dá uma volta completa (2π · divisor)?")
    key = _t(lang, f"Divisor {_n(a['divisor'], lang)}; una vuelta cada {_n(a['wavelength'], lang, 1)} posiciones.",
             f"Divisor {_n(a['divisor'], lang)}; uma volta a cada {_n(a['wavelength'], lang, 1)} posições.")
    return st, key


def _bigram(g: dict, a: dict, lang: str) -> tuple:
    w = ws.BIGRAM_WORDS[lang]
    corpus = " ".join(f"{w['det']} {w['noun'][n]} {w['verb'][v]} {w['obj'][o]} ." for n, v, o in g["slots"])
    noun, verb, obj = w["noun"][g["noun"]], w["verb"][g["verb"]], w["obj"][g["obj"]]
    st = h("span", None, _t(lang, "Corpus: ", "Corpus: "), h("em", None, corpus), " ",
           _t(lang, f"Con el modelo de recuentos, calcula P({_q(noun, lang)} | {_q(w['det'], lang)}) y "
                    f"P({_q(obj, lang)} | {_q(verb, lang)}) como fracciones.",
              f"Com o modelo de contagens, calcule P({_q(noun, lang)} | {_q(w['det'], lang)}) e "
              f"P({_q(obj, lang)} | {_q(verb, lang)}) como frações."))
    key = (f"P({_q(noun, lang)} | {_q(w['det'], lang)}) = {_frac(a['noun'])}; "
           f"P({_q(obj, lang)} | {_q(verb, lang)}) = {_frac(a['obj'])}")
    return st, key


def _bpe(g: dict, a: dict, lang: str) -> tuple:
    words = ", ".join(f"{word}×{c}" for word, c in g["words"])
    st = _t(lang, f"Vocabulario con recuentos: {words}. Empezando por letras sueltas, cuenta cada par de letras "
                  "vecinas (multiplicado por el recuento de la palabra). ¿Qué par se fusiona primero, con qué "
                  "recuento, y cómo quedan las palabras? (Si hay empate, gana el par que aparece antes.)",
            f"Vocabulário com contagens: {words}. Começando por letras soltas, conte cada par de letras "
            "vizinhas (multiplicado pela contagem da palavra). Qual par é fundido primeiro, com que contagem, "
            "e como ficam as palavras? (Em caso de empate, ganha o par que aparece primeiro.)")
    pair = "+".join(a["pair"])
    after = ", ".join(" ".join(p) for p in a["after"])
    key = _t(lang, f"Primera fusión: {pair} (recuento {a['count']}). Palabras: {after}.",
             f"Primeira fusão: {pair} (contagem {a['count']}). Palavras: {after}.")
    return st, key


def _dot(g: dict, a: dict, lang: str) -> tuple:
    st = _t(lang, f"a = {_v(g['a'], lang, 0)}, b = {_v(g['b'], lang, 0)}. Calcula el producto escalar a·b, "
                  "las longitudes |a| y |b| y el coseno del ángulo entre ellos.",
            f"a = {_v(g['a'], lang, 0)}, b = {_v(g['b'], lang, 0)}. Calcule o produto escalar a·b, "
            "os comprimentos |a| e |b| e o cosseno do ângulo entre eles.")
    key = (f"a·b = {_n(a['dot'], lang)}; |a| = {_n(a['norm_a'], lang)}; |b| = {_n(a['norm_b'], lang)}; "
           f"cos = {_n(a['cos'], lang)}")
    return st, key


def _attention(g: dict, a: dict, lang: str) -> tuple:
    keys = ", ".join(f"k{i + 1} = {_v(k, lang, 0)}" for i, k in enumerate(g["keys"]))
    st = _t(lang, f"Consulta q = {_v(g['q'], lang, 0)}; claves {keys}. Calcula las puntuaciones q·k/√2 y "
                  "conviértelas en pesos con softmax.",
            f"Consulta q = {_v(g['q'], lang, 0)}; chaves {keys}. Calcule as pontuações q·k/√2 e "
            "transforme-as em pesos com softmax.")
    key = _t(lang, f"Productos {_v(a['dots'], lang, 0)}; puntuaciones {_v(a['scores'], lang)}; "
                   f"pesos {_v(a['weights'], lang)}.",
             f"Produtos {_v(a['dots'], lang, 0)}; pontuações {_v(a['scores'], lang)}; "
             f"pesos {_v(a['weights'], lang)}.")
    return st, key


def _layernorm(g: dict, a: dict, lang: str) -> tuple:
    st = _t(lang, f"Normaliza x = {_v(g['x'], lang, 1)}: calcula la media, la varianza (dividiendo entre 4), "
                  "la desviación típica y cada (x − media) / desviación (sin el pequeño ε).",
            f"Normalize x = {_v(g['x'], lang, 1)}: calcule a média, a variância (dividindo por 4), "
            "o desvio-padrão e cada (x − média) / desvio (sem o pequeno ε).")
    key = _t(lang, f"Media {_n(a['mean'], lang)}; varianza {_n(a['var'], lang)}; desviación {_n(a['std'], lang)}; "
                   f"resultado {_v(a['y'], lang)}.",
             f"Média {_n(a['mean'], lang)}; variância {_n(a['var'], lang)}; desvio {_n(a['std'], lang)}; "
             f"resultado {_v(a['y'], lang)}.")
    return st, key


def _temperature(g: dict, a: dict, lang: str) -> tuple:
    z, t = _v(g["logits"], lang, 1), fmt(g["t"], lang)
    st = _t(lang, f"Logits {z}. Calcula las probabilidades con softmax a temperatura T = 1 y a T = {t} "
                  "(divide cada logit entre T antes de softmax).",
            f"Logits {z}. Calcule as probabilidades com softmax na temperatura T = 1 e em T = {t} "
            "(divida cada logit por T antes do softmax).")
    return st, f"T = 1: {_v(a['p1'], lang)}; T = {t}: {_v(a['pt'], lang)}"


def _train_step(g: dict, a: dict, lang: str) -> tuple:
    z, c, eta = _v(g["logits"], lang, 1), g["correct"] + 1, fmt(g["eta"], lang)
    st = _t(lang, f"Logits {z}; el token correcto es el n.º {c}. Calcula las probabilidades, la pérdida −ln p, "
                  f"el gradiente (p − 1 para el correcto, p para los demás) y los logits tras un paso con "
                  f"η = {eta}. ¿Baja la pérdida?",
            f"Logits {z}; o token correto é o nº {c}. Calcule as probabilidades, a perda −ln p, "
            f"o gradiente (p − 1 para o correto, p para os outros) e os logits após um passo com "
            f"η = {eta}. A perda diminui?")
    key = _t(lang, f"p = {_v(a['p'], lang)}; pérdida {_n(a['loss'], lang)}; gradiente {_v(a['grad'], lang)}; "
                   f"nuevos logits {_v(a['new_logits'], lang)}; nueva pérdida {_n(a['new_loss'], lang)}.",
             f"p = {_v(a['p'], lang)}; perda {_n(a['loss'], lang)}; gradiente {_v(a['grad'], lang)}; "
             f"novos logits {_v(a['new_logits'], lang)}; nova perda {_n(a['new_loss'], lang)}.")
    return st, key


def _chain(g: dict, a: dict, lang: str) -> tuple:
    x, t, w0, eta = (fmt(g[k], lang) for k in ("x", "target", "w0", "eta"))
    st = _t(lang, f"Entrada {x}, predicción {x}·w, objetivo {t}, pérdida L = a² con a = {x}·w − {t}. "
                  f"Desde w = {w0}: calcula a, L, la pendiente dL/dw = 2a·{x}, el nuevo w = w − {eta}·pendiente "
                  "y la nueva pérdida. ¿Para qué w es la pérdida 0?",
            f"Entrada {x}, previsão {x}·w, alvo {t}, perda L = a² com a = {x}·w − {t}. "
            f"A partir de w = {w0}: calcule a, L, a inclinação dL/dw = 2a·{x}, o novo w = w − {eta}·inclinação "
            "e a nova perda. Para qual w a perda é 0?")
    key = (f"a = {_n(a['a'], lang)}; L = {_n(a['loss'], lang)}; dL/dw = {_n(a['slope'], lang)}; "
           f"w = {_n(a['w1'], lang)}; L = {_n(a['loss1'], lang)}; " + _t(lang, "mínimo en", "mínimo em")
           + f" w = {_n(a['w_min'], lang)}")
    return st, key


def _comparisons(g: dict, a: dict, lang: str) -> tuple:
    n = fmt(g["n"], lang)
    st = _t(lang, f"Una frase tiene n = {n} tokens. Con atención causal, cada token se compara consigo mismo y con "
                  "los anteriores: ¿cuántas comparaciones hace una cabeza en total (n(n+1)/2)? ¿Cuántos pasos "
                  "separan el primer token del último en una red recurrente?",
            f"Uma frase tem n = {n} tokens. Com atenção causal, cada token se compara consigo mesmo e com os "
            "anteriores: quantas comparações uma cabeça faz no total (n(n+1)/2)? Quantos passos separam o "
            "primeiro token do último em uma rede recorrente?")
    return st, _t(lang, f"{fmt(a['pairs'], lang)} comparaciones; {fmt(a['rnn_steps'], lang)} pasos.",
                  f"{fmt(a['pairs'], lang)} comparações; {fmt(a['rnn_steps'], lang)} passos.")


def _diffusion(g: dict, a: dict, lang: str) -> tuple:
    x0, e, ab = (fmt(g[k], lang) for k in ("x0", "eps", "abar"))
    st = _t(lang, f"Un píxel x₀ = {x0} recibe ruido ε = {e} con ᾱ = {ab}. Calcula √ᾱ, √(1 − ᾱ) y "
                  "x_t = √ᾱ·x₀ + √(1 − ᾱ)·ε. Si conoces ε, recupera x₀ = (x_t − √(1 − ᾱ)·ε) / √ᾱ.",
            f"Um pixel x₀ = {x0} recebe ruído ε = {e} com ᾱ = {ab}. Calcule √ᾱ, √(1 − ᾱ) e "
            "x_t = √ᾱ·x₀ + √(1 − ᾱ)·ε. Se você conhece ε, recupere x₀ = (x_t − √(1 − ᾱ)·ε) / √ᾱ.")
    return st, (f"√ᾱ = {_n(a['keep'], lang)}; √(1 − ᾱ) = {_n(a['noise'], lang)}; x_t = {_n(a['xt'], lang)}; "
                f"x₀ = {_n(a['x0_back'], lang)}")


def _chinchilla(g: dict, a: dict, lang: str) -> tuple:
    unit = _t(lang, "mil millones", "bilhões")
    st = _t(lang, f"Regla de Chinchilla: unos 20 tokens de entrenamiento por parámetro. ¿Cuántos tokens le "
                  f"corresponden a un modelo de {fmt(g['params_b'], lang)} {unit} de parámetros? ¿Y qué tamaño "
                  f"le corresponde a un texto de {fmt(g['tokens_b'], lang)} {unit} de tokens?",
            f"Regra do Chinchilla: uns 20 tokens de treino por parâmetro. Quantos tokens cabem a um modelo de "
            f"{fmt(g['params_b'], lang)} {unit} de parâmetros? E que tamanho cabe a um texto de "
            f"{fmt(g['tokens_b'], lang)} {unit} de tokens?")
    return st, _t(lang, f"{fmt(a['tokens_b'], lang)} {unit} de tokens; {_n(a['params_b'], lang)} {unit} de parámetros.",
                  f"{fmt(a['tokens_b'], lang)} {unit} de tokens; {_n(a['params_b'], lang)} {unit} de parâmetros.")


def _effective(g: dict, a: dict, lang: str) -> tuple:
    st = _t(lang, f"Pesos {_v(g['w'], lang, 2)}. Calcula la suma de sus cuadrados y los «puntos que cuentan», "
                  "1 / (suma de cuadrados).",
            f"Pesos {_v(g['w'], lang, 2)}. Calcule a soma dos quadrados e os “pontos que contam”, "
            "1 / (soma dos quadrados).")
    return st, _t(lang, f"Suma de cuadrados {_n(a['sum_sq'], lang, 4)}; puntos que cuentan {_n(a['count'], lang, 2)}.",
                  f"Soma dos quadrados {_n(a['sum_sq'], lang, 4)}; pontos que contam {_n(a['count'], lang, 2)}.")


WORDING = {"pe_value": _pe_value, "pe_sum": _pe_sum, "wavelength": _wavelength, "bigram": _bigram, "bpe": _bpe,
           "dot": _dot, "attention": _attention, "layernorm": _layernorm, "temperature": _temperature,
           "train_step": _train_step, "chain": _chain, "comparisons": _comparisons, "diffusion": _diffusion,
           "chinchilla": _chinchilla, "effective": _effective}


def sheet_html(chapter: str, n: int, lang: str) -> tuple[Markup, Markup]:
    """The sheet and the key of one variant."""
    exercises = ws.variant(chapter, n)
    worded = [WORDING[ex["kind"]](ex["given"], ex["answer"], lang) for ex in exercises]
    head = f"{tr(lang, CHAPTER_TITLES[chapter])} · {tr(lang, VARIANT)} {n}"
    sheet = h("div", {"class": "aula-worksheet", "data-chapter": chapter, "data-variant": n},
              h("p", {"class": "aula-ws-head"}, h("strong", None, f"{tr(lang, SHEET)} · {head}")),
              h("p", {"class": "aula-ws-name"}, tr(lang, NAME)),
              h("p", {"class": "aula-ws-note"}, tr(lang, ROUND) + (tr(lang, RADIANS) if chapter == "positional" else "")),
              h("ol", {"class": "aula-ws-list"},
                [h("li", {"class": "aula-ws-item"}, st, h("div", {"class": "aula-ws-space"})) for st, _ in worded]))
    key = h("div", {"class": "aula-worksheet-key", "data-chapter": chapter, "data-variant": n},
            h("p", {"class": "aula-ws-head"}, h("strong", None, f"{tr(lang, KEY)} · {head}")),
            h("ol", {"class": "aula-ws-list"}, [h("li", None, k) for _, k in worded]))
    return sheet, key


def _said(chapter: str, n: int, show: str, lang: str) -> str:
    """The widget's summary for screen readers: which sheet is shown, and its first exercise."""
    exercises = ws.variant(chapter, n)
    first, answer = WORDING[exercises[0]["kind"]](exercises[0]["given"], exercises[0]["answer"], lang)
    count = tr(lang, {"es": f"{len(exercises)} ejercicios", "pt": f"{len(exercises)} exercícios"})
    said = f"{tr(lang, SHEET)}: {tr(lang, CHAPTER_TITLES[chapter])}, {tr(lang, VARIANT).lower()} {n}, {count} " \
           f"({tr(lang, dict(SHOW_OPTS)[show]).lower()}). 1. {first}"
    return said + (f" {tr(lang, KEY)}: {answer}" if show != "sheet" else "")


def _register(chapter: str) -> None:
    @widget(f"ws_{chapter}", lesson="teacher",
            title={lg: f"{tr(lg, SHEET)}: {tr(lg, CHAPTER_TITLES[chapter])}" for lg in ("es", "pt")},
            controls=[Range("variant", VARIANT, 1, min=1, max=ws.VARIANTS, step=1),
                      Choice("show", SHOW, "both", options=SHOW_OPTS, style="buttons")],
            parts={"sheet": ("variant", "show"), "key": ("variant", "show")})
    def _fn(p: dict, lang: str) -> View:
        sheet, key = sheet_html(chapter, p["variant"], lang)
        return View(summary=_said(chapter, p["variant"], p["show"], lang), parts={"sheet": sheet if p["show"] != "key" else Markup(""),
                           "key": key if p["show"] != "sheet" else Markup("")},
                    data={"variant": p["variant"], "variants": ws.VARIANTS, "exercises": ws.variant(chapter, p["variant"])})


for _chapter in ws.CHAPTERS:
    _register(_chapter)

PARITY_CASES = [("ws_words", {"variant": 7}), ("ws_vectors", {"variant": 30, "show": "key"}),
                ("ws_positional", {"variant": 12}), ("ws_generation", {"variant": 3}), ("ws_scale", {"variant": 19})]
