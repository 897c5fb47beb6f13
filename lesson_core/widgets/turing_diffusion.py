"""Lesson 2, section 14: diffusion on one pixel and on 2-D points in a heart.

Numbers come from :mod:`lesson_core.topics.diffusion`. Point clouds are drawn as one SVG path
of zero-length strokes with round caps (a dot each), on integer coordinates.
"""

from __future__ import annotations

import math

from ..topics import diffusion as df
from ..kit.controls import Choice, Number, Range
from ..kit.fmt import fmt, fmt_pct, tr
from ..kit.html import Markup, h, num, svg
from ..kit.registry import View, widget
from ..kit.svgkit import BLUE, GREEN, RED, Frame, figure, fmt_vec, paint, table

LESSON = "turing"
FRAME = 2  # the step sliders move 2 DDIM steps at a time: 9 frames to precompute

# --- one pixel ------------------------------------------------------------------------------

MARK_FILL = {"aula-dot-a": BLUE, "aula-dot-b": RED, "aula-dot-t": GREEN}
ALPHA = {"es": "Fracción conservada ᾱ", "pt": "Fração conservada ᾱ"}


def _number_line(marks: list[tuple[float, str, str]], lang: str) -> Markup:
    """Values on a line from −3 to 3; each mark is (value, label, css class). Drawn for the
    figure's width (svgkit.figure): the same line, marks and labels, wide or on a phone."""

    def draw(frame: Frame) -> Markup:
        W, H, left, ly = frame.width, 80, 20, 52
        pw = W - 2 * left

        def X(v: float) -> float:
            return left + pw * (max(-3.0, min(3.0, v)) + 3) / 6

        out = [h("line", {"x1": left, "x2": W - left, "y1": ly, "y2": ly, "class": "aula-axis", "stroke": "currentColor"})]
        for v in (-3, 0, 3):
            out.append(h("text", {"x": num(X(v)), "y": ly + 24, "class": "aula-tick", "text-anchor": "middle"}, fmt(v, lang)))
        for i, (v, lab, cls) in enumerate(marks):
            out.append(h("circle", {"cx": num(X(v)), "cy": ly, "r": 6, "class": cls, **paint(fill=MARK_FILL[cls])}))
            out.append(h("text", {"x": num(X(v)), "y": 12 + 14 * i, "class": "aula-note", "text-anchor": "middle",
                                  **paint(fill=MARK_FILL[cls])}, lab))  # one row per label: close values stay legible
        return svg(W, H, out, label=", ".join(f"{lab} = {fmt(v, lang, 2)}" for v, lab, _ in marks))

    return figure(draw)


@widget("diffusion_pixel", lesson=LESSON,
        title={"es": "Un píxel a través del ruido", "pt": "Um pixel através do ruído"},
        controls=[Range("alpha", ALPHA, 0.5, min=0, max=1, step=0.1, decimals=1),
                  Choice("x0", {"es": "Píxel original x₀", "pt": "Pixel original x₀"}, 0.8, style="buttons",
                         options=[(v, v) for v in (0.8, -0.5)]),
                  Choice("eps", {"es": "Ruido ε", "pt": "Ruído ε"}, 1.5, style="buttons",
                         options=[(v, v) for v in (-1.2, 1.5)])],
        parts={"main": ("alpha", "x0", "eps")},
        fields=("alpha", "x0", "eps", "xt", "estimate", "estimate_off"))
def diffusion_pixel(p: dict, lang: str) -> View:
    """x_t = √ᾱ·x₀ + √(1−ᾱ)·ε, and x₀ recovered from the noise (exact, and off by 0,1)."""
    ab, x0, eps = p["alpha"], p["x0"], p["eps"]
    a, b = math.sqrt(ab), math.sqrt(1 - ab)
    xt = df.noisy_pixel(x0, eps, ab)
    f = lambda x: fmt(x, lang, 3)  # noqa: E731
    par = lambda x: f"({f(x)})" if x < 0 else f(x)  # noqa: E731
    lines = [f"x_t = √{fmt(ab, lang, 1)}·{par(x0)} + √{fmt(1 - ab, lang, 1)}·{par(eps)}",
             f"    = {f(a)}·{par(x0)} + {f(b)}·{par(eps)} = {f(xt)}",
             f"(√ᾱ)² + (√(1−ᾱ))² = {fmt(ab, lang, 1)} + {fmt(1 - ab, lang, 1)} = 1"]
    if ab == 0:
        est = est_off = None
        lines.append(tr(lang, df.NO_SIGNAL))
    else:
        est = df.pixel_estimate(xt, eps, ab)
        est_off = df.pixel_estimate(xt, eps + 0.1, ab)
        lines.append(f"x̂₀ = (x_t − √(1−ᾱ)·ε̂) / √ᾱ = ({f(xt)} − {f(b)}·{par(eps)}) / {f(a)} = {f(est)}")
        off = fmt(0.1, lang)
        lines.append(tr(lang, {"es": f"Si la red se equivoca en {off} (ε̂ = {f(eps + 0.1)}): x̂₀ = {f(est_off)}, "
                            f"error {f(est_off - x0)} = −{off}·{f(b)}/{f(a)}",
                      "pt": f"Se a rede errar por {off} (ε̂ = {f(eps + 0.1)}): x̂₀ = {f(est_off)}, "
                            f"erro {f(est_off - x0)} = −{off}·{f(b)}/{f(a)}"}))
    marks = [(x0, "x₀", "aula-dot-a"), (eps, "ε", "aula-dot-b"), (xt, "x_t", "aula-dot-t")]
    body = Markup(_number_line(marks, lang)
                  + h("div", {"class": "aula-derivation"}, [h("div", None, line) for line in lines]))
    said = tr(lang, {"es": f"ᾱ = {fmt(ab, lang, 1)}, x₀ = {f(x0)}, ε = {f(eps)}: x_t = {f(xt)}. ",
            "pt": f"ᾱ = {fmt(ab, lang, 1)}, x₀ = {f(x0)}, ε = {f(eps)}: x_t = {f(xt)}. "})
    if est is None:
        said += tr(lang, df.NO_SIGNAL)
    else:
        said += tr(lang, {"es": f"Con el ruido exacto se recupera x̂₀ = {f(est)}; si la red se equivoca en {fmt(0.1, lang)}, "
                                f"x̂₀ = {f(est_off)}.",
                 "pt": f"Com o ruído exato recupera-se x̂₀ = {f(est)}; se a rede errar por {fmt(0.1, lang)}, x̂₀ = {f(est_off)}."})
    return View(summary=said, parts={"main": body},
                data={"alpha": ab, "x0": x0, "eps": eps, "xt": xt, "estimate": est, "estimate_off": est_off})


# --- the heart: shared drawing ------------------------------------------------------------

SIZE, SCALE = 300, 44.0  # viewBox side and pixels per unit: +-3.4 units fit


def _px(x: float, y: float) -> tuple[int, int]:
    """Integer pixel of a point (y up), clamped to the frame."""
    return (max(2, min(SIZE - 2, round(SIZE / 2 + SCALE * x))),
            max(2, min(SIZE - 2, round(SIZE / 2 - SCALE * y))))


def _dots(points: list[tuple[float, float]]) -> str:
    """One path: a zero-length stroke per point, relative moves between integer pixels."""
    out, last = [], None
    for x, y in points:
        px, py = _px(x, y)
        out.append(f"M{px} {py}h0" if last is None else f"m{px - last[0]} {py - last[1]}h0")
        last = (px, py)
    return "".join(out)


_HEART = df.heart_points()
_OUTLINE = "M" + "L".join(f"{a} {b}" for a, b in (_px(*q) for q in _HEART[::4])) + "Z"


def _frame(children: list, label: str) -> Markup:
    """The heart's square: points and lines only, no text, so one drawing serves every width; it
    shrinks with a phone's box (``aula-squeeze``) instead of scrolling (issue 16)."""
    return svg(SIZE, SIZE,
               h("rect", {"x": 0, "y": 0, "width": SIZE, "height": SIZE, "class": "aula-frame", "fill": "none"}),
               h("path", {"d": _OUTLINE, "class": "aula-heart", "fill": "none", "stroke": "currentColor",
                          "stroke-opacity": "0.25"}),
               children, label=label, cls="aula-squeeze")


def _cloud(points: list[tuple[float, float]], cls: str) -> Markup:
    return h("path", {"d": _dots(points), "class": cls, "fill": "none", "stroke": "currentColor",
                      "stroke-width": 3, "stroke-linecap": "round"})


def _r(v: float) -> float:
    """A number for the data: 6 decimals, and never a negative zero."""
    return round(v, 6) + 0.0


def _spread(points: list[tuple[float, float]]) -> float:
    """Mean of x² and y² over the points: 1 for the scaled heart and for pure noise."""
    return math.fsum(x * x + y * y for x, y in points) / (2 * len(points))


# --- tab 1: adding noise ----------------------------------------------------------------------

@widget("diffusion_heart_noise", lesson=LESSON,
        title={"es": "Añadir ruido al corazón", "pt": "Adicionar ruído ao coração"},
        controls=[Range("step", {"es": "Paso de ruido", "pt": "Passo de ruído"}, 0, min=0, max=df.STEPS,
                        step=FRAME)],
        parts={"main": ("step",)},
        fields=("spread",))
def diffusion_heart_noise(p: dict, lang: str) -> View:
    """The 240 training points through x_t = √ᾱ·x₀ + √(1−ᾱ)·ε, each with its own fixed noise."""
    k = p["step"]
    ab = df.alpha_bars()[k]
    eps = df.noise_vectors(df.N_TRAIN, df.SEED)
    pts = df.forward_points(_HEART, eps, ab)
    label = tr(lang, {"es": f"Paso {k} de {df.STEPS}: ᾱ = {fmt(ab, lang, 3)}", "pt": f"Passo {k} de {df.STEPS}: ᾱ = {fmt(ab, lang, 3)}"})
    spread = _spread(pts)
    read = tr(lang, {"es": f"{label} · x_t = {fmt(math.sqrt(ab), lang, 3)}·x₀ + {fmt(math.sqrt(1 - ab), lang, 3)}·ε · "
                  f"media de x² e y²: {fmt(spread, lang, 2)}",
            "pt": f"{label} · x_t = {fmt(math.sqrt(ab), lang, 3)}·x₀ + {fmt(math.sqrt(1 - ab), lang, 3)}·ε · "
                  f"média de x² e y²: {fmt(spread, lang, 2)}"})
    body = Markup(_frame([_cloud(pts, "aula-cloud")], label) + h("p", {"class": "aula-readout"}, read))
    return View(summary=read.replace(" · ", ". ") + ".", parts={"main": body},
                data={"step": k, "alpha_bar": _r(ab), "spread": _r(spread)})


# --- tab 2: generating ------------------------------------------------------------------------

def _cross(x: float, y: float) -> str:
    px, py = _px(x, y)
    return f"M{px - 3} {py - 3}l6 6m0 -6l-6 6"


@widget("diffusion_heart_generate", lesson=LESSON,
        title={"es": "Generar: del ruido al corazón", "pt": "Gerar: do ruído ao coração"},
        controls=[Range("step", {"es": "Paso de generación", "pt": "Passo de geração"}, 0, min=0,
                        max=df.STEPS, step=FRAME),
                  Number("point", {"es": "Punto seguido (0–499)", "pt": "Ponto acompanhado (0–499)"}, 7,
                         min=0, max=df.N_GEN - 1, integer=True, width=4)],
        parts={"main": ("step", "point")},
        fields=("top_weight", "effective_points"))
def diffusion_heart_generate(p: dict, lang: str) -> View:
    """500 points from pure noise back to the heart by DDIM, with the exact softmax-weighted estimate."""
    t, j = p["step"], p["point"]
    run = df.generate(done=t)             # cached: every point, the first t steps
    cloud = [path[t] for path in run["path"]]
    track = df.track(j)                    # the followed point alone, all steps
    ab = track["abar"]
    level = df.STEPS - t                  # noise level of the points shown
    here = track["path"][t]
    children = [_cloud(cloud, "aula-cloud")]
    way = "M" + "L".join(f"{a} {b}" for a, b in (_px(*q) for q in track["path"][: t + 1]))
    children.append(h("path", {"d": way, "class": "aula-track", "fill": "none", "stroke": "currentColor",
                               "stroke-width": 1.5}))
    if t > 0:
        crosses = "".join(_cross(*e) for e in track["est"][:t])
        children.append(h("path", {"d": crosses, "class": "aula-estimates", "fill": "none", "stroke": "currentColor",
                                   "stroke-width": 1}))
    hx, hy = _px(*here)
    children.append(h("circle", {"cx": hx, "cy": hy, "r": 5, "class": "aula-dot-sel", **paint(fill=RED)}))
    rows = [["x_t", fmt_vec(here, lang, 3)]]
    info = {"step": t, "point": j, "alpha_bar": _r(ab[level]), "position": [_r(v) for v in here]}
    if level > 0:  # the estimate the next step will use
        (ex, ey), w = df.posterior_mean(here, ab[level], _HEART)
        order = sorted(range(len(w)), key=lambda i: -w[i])
        eff = 1 / math.fsum(v * v for v in w)
        rows.append(["x̂₀ = Σ wᵢ xᵢ", fmt_vec((ex, ey), lang, 3)])
        rows.append([tr(lang, {"es": "Peso mayor", "pt": "Maior peso"}),
                     tr(lang, {"es": f"{fmt_pct(w[order[0]], lang)} (punto {order[0]})",
                      "pt": f"{fmt_pct(w[order[0]], lang)} (ponto {order[0]})"})])
        rows.append([tr(lang, {"es": "Puntos que cuentan (1 / Σ wᵢ²)", "pt": "Pontos que contam (1 / Σ wᵢ²)"}),
                     fmt(eff, lang, 1)])
        info.update(estimate=[_r(ex), _r(ey)], top_weight=_r(w[order[0]]), effective_points=_r(eff))
        x0 = (ex, ey)
        children.append(h("path", {"d": f"M{hx} {hy}L{_px(*x0)[0]} {_px(*x0)[1]}", "class": "aula-guide",
                                   "stroke": "currentColor", "stroke-dasharray": "3 3"}))
    else:
        rows.append([tr(lang, {"es": "Resultado", "pt": "Resultado"}),
                     tr(lang, {"es": "la última estimación es el punto generado",
                      "pt": "a última estimativa é o ponto gerado"})])
    label = tr(lang, {"es": f"Paso {t} de {df.STEPS} (ᾱ = {fmt(ab[level], lang, 3)}); punto {j} y sus estimaciones",
             "pt": f"Passo {t} de {df.STEPS} (ᾱ = {fmt(ab[level], lang, 3)}); ponto {j} e suas estimativas"})
    body = Markup(_frame(children, label) + h("p", {"class": "aula-readout"}, label) + table(["", ""], rows))
    summary = label + ". " + ". ".join(f"{a}: {b}" for a, b in rows) + "."
    return View(summary=summary, parts={"main": body}, data=info)


PARITY_CASES = [
    ("diffusion_pixel", {"alpha": "0", "x0": "-0.5", "eps": "1.5"}),
    ("diffusion_pixel", {"alpha": "1", "eps": "-1.2"}),
    ("diffusion_heart_noise", {"step": "16"}),
    ("diffusion_heart_generate", {"step": "6", "point": "321"}),
]

# Calls worth making before a reader asks: once Python is ready on the page, its worker makes
# them one at a time (lesson_core.warm_cases), so the 500-point generation is in the cache when
# the reader types a point. Four calls of four steps each (the run is extended, not redone), so
# a request waits at most one of them. Pure functions: the cache only saves time.
WARM_CASES = [("diffusion_heart_generate", {"step": str(s)}) for s in (4, 8, 12, 16)]
