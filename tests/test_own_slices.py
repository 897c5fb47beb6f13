"""Live training in slices (lesson_core/widgets/own_train.py, topics/own_run.work), without a browser:
however the worker's time is sliced, the run is the one the command line and the precomputed run give;
one run at a time; bad texts and a diverging learning rate answer in words, and keep the last good state."""

from __future__ import annotations

import itertools
import json

import pytest

import lesson_core
from lesson_core.data.own_default import RUN, RUNS
from lesson_core.data.own_texts import DEFAULT, TEXTS
from lesson_core.kit.registry import get, parse_params
from lesson_core.topics.own_run import MAX_CHARS, checkpoints
from lesson_core.widgets import own_train as ot

TEXT = TEXTS[DEFAULT]["text"]["es"]


class FakeClock:
    """A clock that moves ``tick`` seconds each time it is read: the slices end after a fixed count of reads."""

    def __init__(self, tick: float):
        self.t, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.t += self.tick
        return self.t


def _session(steps: int, **params) -> ot.Session:
    values = parse_params(get("own_train"), {"size": "small", **params})
    return ot.Session(values, "es", steps=steps)


@pytest.mark.parametrize("tick", [0.06, 0.01, 0.0013])
def test_any_slicing_gives_the_uninterrupted_run(tick):
    """One unit per slice, a few, many: the same checkpoints, bit for bit, as checkpoints() in one go."""
    whole = list(checkpoints(TEXT, 60, 1, "small", 0.01, ot.EVERY))
    s = _session(60)
    clock = FakeClock(tick)
    slices = 0
    while not s.done:
        s.slice(ot.SLICE_SECONDS, clock)
        slices += 1
    assert s.ckpts == whole
    assert slices > len(whole)  # it was sliced: a slice never runs to the end at once


def test_a_slice_stops_when_its_time_is_up_and_does_at_least_one_unit():
    s = _session(60)
    reads = FakeClock(1.0)   # every read is a second later: the budget is spent after the first unit
    s.slice(0.05, reads)
    assert s.run.step == 0 and s.ckpts == []  # one unit: the first example scored, nothing more
    before = s.run.seen
    for _ in range(2000):
        s.slice(0.05, reads)
        if s.run.step:
            break
    assert s.run.seen == before + 16 and len(s.ckpts) == 1  # then one training step (a batch) at a time


def test_the_live_default_run_is_the_pages_precomputed_run():
    """What the page tells the reader to try: the default settings give the precomputed curve."""
    values = parse_params(get("own_train"), {})
    assert (values["example"], values["seed"], values["size"], values["lr"]) == (DEFAULT, RUN["seed"], RUN["size"],
                                                                                   RUN["lr"])
    assert ot.EVERY == RUN["every"]
    s = ot.Session(values, "pt", steps=2 * RUN["every"])
    while not s.done:
        s.slice(ot.SLICE_SECONDS)
    assert s.ckpts == RUNS["pt"]["checkpoints"][:3]


def _train(cmd: dict, lang: str = "es") -> dict:
    return json.loads(lesson_core.train_json(json.dumps(cmd), lang))


def test_the_message_protocol_one_run_at_a_time():
    first = _train({"action": "start", "params": {"size": "small"}, "budget": 0.001})
    assert first["ok"] and first["state"]["step"] == 0 and first["state"]["params"] > 0
    second = _train({"action": "start", "params": {"size": "small", "seed": 2}, "budget": 0.001})
    assert second["token"] == first["token"] + 1
    assert _train({"action": "slice", "token": first["token"]}) == {"ok": False, "stale": True}  # replaced
    got = []
    while len(got) < 2:  # to the second checkpoint
        a = _train({"action": "slice", "token": second["token"]})
        assert a["ok"]
        if "trained" in a["parts"]:
            got.append(a)
    assert "<svg" in got[-1]["parts"]["trained"] and got[-1]["parts"]["summary"]
    assert a["state"]["seen"] >= ot.EVERY * 16 and a["state"]["per_second"] > 0
    assert _train({"action": "reset"})["ok"]
    assert _train({"action": "slice", "token": second["token"]})["stale"]
    bad = _train({"action": "dance"})
    assert not bad["ok"] and bad["error"]["internal"] and bad["error"]["message"] is None


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("text, code", [("", "empty"), ("a", "too_short"), ("😀🎉🙂" * 300, "no_letters"),
                                        ("Привет, как дела? " * 40, "no_letters"), ("日本語の文章です。" * 50, "no_letters")])
def test_texts_it_cannot_train_on_are_said_in_words(lang, text, code):
    good = _train({"action": "start", "params": {"size": "small"}}, lang)
    a = _train({"action": "start", "params": {"example": "own", "text": text}}, lang)
    assert not a["ok"] and a["error"]["param"] == "text"
    assert a["error"]["message"] == ot.text_problem(ot.TextError(code, **{"have": 1, "need": 200}), lang) \
        or code == "too_short"
    assert "Traceback" not in a["error"]["message"] and "nan" not in a["error"]["message"].lower()
    # the run that was there goes on: nothing shown is lost
    assert _train({"action": "slice", "token": good["token"]}, lang)["ok"]
    setup = lesson_core.render("own_train", {"example": "own", "text": text}, lang)
    assert setup["ok"] and 'role="alert"' in setup["parts"]["setup"]


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_a_megabyte_is_bounded_and_the_reader_told_how_much(lang):
    text = (TEXT + "\n") * (1_000_000 // len(TEXT) + 1)
    setup = lesson_core.render("own_train", {"example": "own", "text": text}, lang)["parts"]["setup"]
    left = lesson_core.fmt(len(text) - MAX_CHARS, lang, 0)
    assert left.replace("\u2060", "") in setup.replace("\u2060", "")
    a = _train({"action": "start", "params": {"example": "own", "text": text}, "budget": 0.001}, lang)
    assert a["ok"] and a["state"]["step"] == 0


def test_a_diverging_rate_stops_on_the_first_non_finite_loss_and_keeps_the_last_good_state():
    a = _train({"action": "start", "params": {"size": "small", "lr": 10}, "budget": 0.001})
    trained = None
    for _ in itertools.count():
        a = _train({"action": "slice", "token": a["token"]})
        trained = a["parts"].get("trained", trained)
        if a["state"]["done"]:
            break
    assert a["state"]["diverged"] and 0 < a["state"]["step"] < ot.LIVE_STEPS
    assert 'role="alert"' in a["parts"]["progress"] and "10" in a["parts"]["progress"]
    assert "<svg" in trained and not any(w in trained.lower() for w in (" nan", ">nan", "inf<", "infinity"))
    whole = list(checkpoints(TEXT, ot.LIVE_STEPS, 1, "small", 10.0, ot.EVERY))
    assert whole[-1]["diverged"] and whole[-1]["step"] == a["state"]["step"]
    assert _train({"action": "slice", "token": a["token"]})["state"]["step"] == a["state"]["step"]  # stays stopped
