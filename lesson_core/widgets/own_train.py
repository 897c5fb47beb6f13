"""Lesson 4, "Train your own": the reader trains the model on their own text, live, in the worker.

The widget's controls choose the text (one of ours, or the reader's own), the size, the learning
rate and the seed; its part ``setup`` says what the run will be (parameters, split, the counting
models on the same split) or why the text cannot be used. Training itself is not a render: the
worker's ``train`` message (overrides/bridge/worker/protocol.js) calls :func:`train_json`, which
keeps one run at a time (:class:`Session`) and works on it for at most one slice (about 50 ms,
at least one unit of :func:`lesson_core.topics.own_run.work`), then answers with the parts
``progress`` and, at each new checkpoint, ``trained``, drawn by the same view as the precomputed
run (own_views.checkpoint_view). The page asks for the next slice when the answer comes, so the
worker answers every other widget's request between two slices.

Example: ``train_json('{"action": "start", "params": {"example": "story"}}', "es")`` -> a JSON
object with ``ok``, ``token``, ``parts`` and ``state`` ({"running", "done", "diverged", ...}).
"""

from __future__ import annotations

import json
import time
import traceback

from ..data.own_texts import DEFAULT, TEXTS
from ..kit.controls import Choice, Text, seed_range
from ..kit.fmt import fmt, fmt_int, tr
from ..kit.html import Markup, esc, h
from ..kit.messages import ParamError
from ..kit.registry import View, get, parse_params, widget
from ..topics.own_run import MAX_CHARS, SIZES, Run, TextError, work
from .own_text import diverged_note, text_problem, trimmed_note
from .own_views import checkpoint_view

__all__ = ["Session", "train_json", "EVERY", "LIVE_STEPS", "SLICE_SECONDS"]

LESSON = "own"
EVERY = 30              # steps between two checkpoints, as in the precomputed run
LIVE_STEPS = 3000       # a run ends here (a forgotten tab does not train for ever)
SLICE_SECONDS = 0.05    # one slice of work in the worker
OWN = "own"
SIZE_NAMES = {"small": {"es": "pequeño", "pt": "pequeno"}, "medium": {"es": "mediano", "pt": "médio"},
              "large": {"es": "grande", "pt": "grande"}}
RATES = (0.003, 0.01, 0.03, 0.1, 1.0, 10.0)


def _controls() -> list:
    examples = [(key, t["title"]) for key, t in TEXTS.items()]
    return [
        Choice("example", {"es": "Texto", "pt": "Texto"}, DEFAULT, style="select",
               options=examples + [(OWN, {"es": "Mi propio texto (el cuadro de abajo)",
                                          "pt": "Meu próprio texto (a caixa abaixo)"})]),
        Text("text", {"es": "Tu texto (escríbelo o pégalo aquí)", "pt": "Seu texto (digite ou cole aqui)"}, "",
             max_len=MAX_CHARS, rows=6),
        Choice("size", {"es": "Tamaño del modelo", "pt": "Tamanho do modelo"}, "medium", style="buttons",
               options=[(k, SIZE_NAMES[k]) for k in SIZES]),
        Choice("lr", {"es": "Tasa de aprendizaje", "pt": "Taxa de aprendizado"}, 0.01, style="select",
               options=[(r, r) for r in RATES]),
        seed_range(1, min=1, max=20),
    ]


def raw_text(values: dict, lang: str) -> str:
    """The text the run trains on: the chosen example in the page's language, or the reader's."""
    return values["text"] if values["example"] == OWN else tr(lang, TEXTS[values["example"]]["text"])


def _setup(values: dict, lang: str) -> tuple[Markup, str]:
    """What the run will be, or why this text cannot be used; and that in one sentence."""
    try:
        run = Run(raw_text(values, lang), values["seed"], values["size"], values["lr"], EVERY)
    except TextError as err:
        problem = text_problem(err, lang)
        return h("p", {"class": "aula-error", "role": "alert"}, problem), problem
    i = run.info()
    facts = tr(lang, {
        "es": f"El modelo tiene {fmt_int(i['params'], lang)} parámetros y conoce {fmt_int(i['chars'], lang)} caracteres "
              f"distintos. Entrena con {fmt_int(i['train_chars'], lang)} caracteres y aparta "
              f"{fmt_int(i['held_chars'], lang)} como texto de validación. En ese texto, los recuentos de grupos de "
              f"{fmt_int(i['order'], lang)} letras dan {fmt(run.ngram_bpc, lang, 2)} bits por carácter, y la "
              f"frecuencia de cada letra, {fmt(run.unigram_bpc, lang, 2)}.",
        "pt": f"O modelo tem {fmt_int(i['params'], lang)} parâmetros e conhece {fmt_int(i['chars'], lang)} caracteres "
              f"diferentes. Treina com {fmt_int(i['train_chars'], lang)} caracteres e separa "
              f"{fmt_int(i['held_chars'], lang)} como texto de validação. Nesse texto, as contagens de grupos de "
              f"{fmt_int(i['order'], lang)} letras dão {fmt(run.ngram_bpc, lang, 2)} bits por caractere, e a "
              f"frequência de cada letra, {fmt(run.unigram_bpc, lang, 2)}."})
    note = trimmed_note(i["cut"], i["dropped"], lang)
    return Markup(h("p", {"class": "aula-readout"}, facts) + (h("p", {"class": "aula-note"}, note) if note else "")), \
        facts + (" " + note if note else "")


BUTTONS = (("train", {"es": "Entrenar", "pt": "Treinar"}), ("pause", {"es": "Pausa", "pt": "Pausar"}),
           ("continue", {"es": "Continuar", "pt": "Continuar"}), ("reset", {"es": "Reiniciar", "pt": "Reiniciar"}))


EDIT = {"es": "Editar este texto en el cuadro", "pt": "Editar este texto na caixa"}


def _buttons(lang: str) -> Markup:
    """Room for Train, Pause, Continue, Reset: the page's bridge (overrides/bridge/train.js) makes the
    buttons from these labels, since without scripts nothing could train. It also puts under the text
    field a button that copies the chosen example (its text in the page's language, here) into the
    field, to be edited as the reader's own."""
    paused = tr(lang, {"es": "El entrenamiento está en pausa porque la página quedó oculta; presiona «Continuar» "
                             "para seguir donde quedó.",
                       "pt": "O treinamento está em pausa porque a página ficou oculta; toque em «Continuar» "
                             "para seguir de onde parou."})
    labels = {f"data-label-{key}": tr(lang, label) for key, label in BUTTONS}
    examples = json.dumps({key: tr(lang, t["text"]) for key, t in TEXTS.items()}, ensure_ascii=False)
    return h("div", {"class": "aula-train-buttons", "data-paused-note": paused, **labels,
                     "data-label-edit": tr(lang, EDIT), "data-examples": examples})


def _idle(lang: str) -> Markup:
    return h("p", {"class": "aula-readout"}, tr(lang, {
        "es": "Todavía no hay entrenamiento. Elige un texto o escribe el tuyo y presiona «Entrenar»: aquí aparecerán "
              "las curvas de pérdida y lo que el modelo escribe en cada punto de control.",
        "pt": "Ainda não há treinamento. Escolha um texto ou escreva o seu e toque em «Treinar»: aqui vão aparecer "
              "as curvas de perda e o que o modelo escreve em cada ponto de controle."}))


@widget("own_train", lesson=LESSON,
        title={"es": "Entrena el modelo con tu texto", "pt": "Treine o modelo com o seu texto"},
        controls=_controls(),
        parts={"setup": ("example", "text", "size", "lr", "seed"), "run": (), "progress": (), "trained": ()})
def own_train(p: dict, lang: str) -> View:
    """Before training: what the run will be; the buttons; room for the live run."""
    setup, summary = _setup(p, lang)
    return View(parts={"setup": setup, "run": _buttons(lang), "progress": Markup(""), "trained": _idle(lang)},
                summary=summary)


class Session:
    """One live run: the reader's text and settings, its units of work, the checkpoints so far."""

    def __init__(self, values: dict, lang: str, steps: int = LIVE_STEPS):
        self.run = Run(raw_text(values, lang), values["seed"], values["size"], values["lr"], EVERY)
        self.units = work(self.run, steps)
        self.ckpts: list[dict] = []
        self.done = False
        self.train_seconds = 0.0

    def slice(self, budget: float, clock=time.perf_counter) -> bool:
        """Work until ``budget`` seconds have passed (at least one unit); True if a checkpoint came."""
        start = clock()
        new = False
        while not self.done:
            t0 = clock()
            try:
                item = next(self.units)
            except StopIteration:
                self.done = True
                break
            if self.run.phase == "train":
                self.train_seconds += clock() - t0
            if item is not None:
                self.ckpts.append(item)
                new = True
                self.done = item["diverged"]
            if clock() - start >= budget:
                break
        return new

    def state(self) -> dict:
        run = self.run
        return {"step": run.step, "seen": run.seen, "params": run.info()["params"], "done": self.done,
                "diverged": run.diverged, "checkpoints": len(self.ckpts),
                "per_second": run.seen / self.train_seconds if self.train_seconds > 0 else None}

    def progress(self, lang: str) -> Markup:
        s, run = self.state(), self.run
        speed = (fmt_int(round(s["per_second"]), lang) if s["per_second"] else "–")
        line = tr(lang, {
            "es": f"Paso {fmt_int(s['step'], lang)}: {fmt_int(s['seen'], lang)} ejemplos vistos, "
                  f"{fmt_int(s['params'], lang)} parámetros, {speed} ejemplos por segundo.",
            "pt": f"Passo {fmt_int(s['step'], lang)}: {fmt_int(s['seen'], lang)} exemplos vistos, "
                  f"{fmt_int(s['params'], lang)} parâmetros, {speed} exemplos por segundo."})
        out = [h("p", {"class": "aula-readout", "data-train-step": s["step"]}, line)]
        if run.diverged:
            out.append(h("p", {"class": "aula-error", "role": "alert"}, diverged_note(run.lr, run.step, lang)))
        elif self.done:
            out.append(h("p", {"class": "aula-note"}, tr(lang, {
                "es": f"El entrenamiento llegó a su final, en el paso {fmt_int(run.step, lang)}.",
                "pt": f"O treinamento chegou ao fim, no passo {fmt_int(run.step, lang)}."})))
        return Markup("".join(out))

    def trained(self, lang: str) -> tuple[Markup, str]:
        ck = [c for c in self.ckpts]
        return checkpoint_view(ck, len(ck) - 1, lang)


_LIVE: dict = {"session": None, "token": 0}


def _answer(cmd: dict, lang: str) -> dict:
    action = cmd.get("action")
    if action == "reset":
        _LIVE["session"] = None
        return {"ok": True, "parts": {"progress": "", "trained": str(_idle(lang))}, "state": None}
    if action == "start":
        try:
            values = parse_params(get("own_train"), cmd.get("params") or {})
            session = Session(values, lang)
        except ParamError as err:
            return {"ok": False, "error": {"param": err.param, "message": tr(lang, err.text)}}
        except TextError as err:
            return {"ok": False, "error": {"param": "text", "message": text_problem(err, lang)}}
        _LIVE["token"] += 1
        _LIVE["session"] = session
    elif action == "slice":
        session = _LIVE["session"]
        if session is None or cmd.get("token") != _LIVE["token"]:
            return {"ok": False, "stale": True}  # a slice for a run that was reset or replaced
    else:
        raise ValueError(f"unknown train action {action!r}")
    before = len(session.ckpts)
    session.slice(float(cmd.get("budget") or SLICE_SECONDS))
    parts = {"progress": str(session.progress(lang))}
    if len(session.ckpts) != before:
        trained, summary = session.trained(lang)
        parts.update(trained=str(trained), summary=str(esc(summary)))
    return {"ok": True, "token": _LIVE["token"], "parts": parts, "state": session.state()}


def train_json(cmd_json: str, lang: str) -> str:
    """The worker's ``train`` message: JSON in, JSON out, never raises (as render_json)."""
    try:
        out = _answer(json.loads(cmd_json or "{}"), lang)
    except Exception as err:  # the page must get an answer, not a stack trace
        frame = traceback.extract_tb(err.__traceback__)[-1]
        out = {"ok": False, "error": {"param": None, "message": None,
                                      "internal": f"{type(err).__name__}: {err} (at {frame.filename}:{frame.lineno})"}}
    return json.dumps(out, ensure_ascii=False, sort_keys=True)
