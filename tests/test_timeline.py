"""The timeline of lesson 2: the seed's events, their approach, and the widget."""

from __future__ import annotations

import re

import pytest

import lesson_core
from lesson_core.data.timeline import APPROACHES, EVENTS

LANGS = ("es", "pt")


def test_events_from_the_seed():
    by_key = {e["key"]: e for e in EVENTS}
    assert by_key["turing"]["year"] == 1950 and by_key["turing"]["approach"] == "learning"
    assert by_key["dartmouth"]["year"] == 1956
    assert by_key["expert"]["approach"] == "rules"
    assert by_key["lstm"]["year"] == 1997 and by_key["seq2seq"]["year"] == 2014
    assert by_key["transformer"]["year"] == 2017 and by_key["transformer"]["approach"] == "learning"
    assert by_key["gpt_bert"]["year"] == 2018 and by_key["gpt3"]["year"] == 2020
    assert by_key["chatgpt"]["year"] == 2022 and by_key["chatgpt"]["approach"] == "both"
    assert "175" in by_key["gpt3"]["text"]["es"] and "175 bilhões" in by_key["gpt3"]["text"]["pt"]
    assert "Mind" in by_key["turing"]["text"]["es"] and "Dartmouth" in by_key["dartmouth"]["text"]["pt"]


def test_events_are_ordered_and_complete():
    years = [e["year"] for e in EVENTS]
    assert years == sorted(years) and len({e["key"] for e in EVENTS}) == len(EVENTS)
    for e in EVENTS:
        assert e["approach"] in APPROACHES
        for field in ("when", "title", "text"):
            assert e[field]["es"].strip() and e[field]["pt"].strip()
        assert e["text"]["es"] != e["text"]["pt"]
    assert {e["approach"] for e in EVENTS} == set(APPROACHES)


@pytest.mark.parametrize("lang", LANGS)
def test_widget_every_event(lang):
    for e in EVENTS:
        r = lesson_core.render("turing_timeline", {"event": e["key"]}, lang)
        assert r["ok"] and r["data"] == {"event": e["key"], "year": e["year"], "approach": e["approach"]}
        main = r["parts"]["main"]
        assert e["text"][lang].split()[0] in main and APPROACHES[e["approach"]][lang] in main
        assert not re.search(r"\bnan\b|\binf\b", main + r["parts"]["line"], re.I)
    line = lesson_core.render("turing_timeline", {}, lang)["parts"]["line"]
    # one mark per event (its shape tells the approach), in the wide drawing and in the phone's
    assert line.count('class="aula-event"') == 2 * len(EVENTS)
    assert all(lay.count('class="aula-event"') == len(EVENTS) for lay in line.split('class="aula-lay-narrow"'))


@pytest.mark.parametrize("bad", ["nope", "", "1950"])
def test_widget_bad_event(bad):
    for lang in LANGS:
        r = lesson_core.render("turing_timeline", {"event": bad}, lang)
        assert r["ok"] is False and r["error"]["param"] == "event"
