"""A class plan fitted to the teacher's period (issue 27): the plans are written for 45 minutes, and a
school's period may be 40, 45, 50 or 60. The opening and the closing keep their minutes; the steps in
between share what is left in proportion to their written length, in whole minutes (largest remainder,
ties to the earlier step), so every fitted plan fills its period exactly.

Example: fit([(5, a), (10, b), (20, c), (10, d)], 50) -> [(5, a), (12, b), (23, c), (10, d)]
"""

from __future__ import annotations

from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h

__all__ = ["PERIODS", "fit", "chooser"]

PERIODS = (40, 45, 50, 60)


def fit(steps: list[tuple[int, dict]], minutes: int) -> list[tuple[int, dict]]:
    """``steps`` ((minutes, activity), as written) stretched or squeezed to a period of ``minutes``."""
    if len(steps) < 3:
        raise ValueError("a plan to fit needs an opening, at least one middle step and a closing")
    first, *middle, last = steps
    room, written = minutes - first[0] - last[0], sum(m for m, _ in middle)
    if room < 3 * len(middle):
        raise ValueError(f"{minutes} minutes leave less than 3 minutes for each middle step")
    shares = [divmod(m * room, written) for m, _ in middle]
    whole = [q for q, _ in shares]
    left = room - sum(whole)
    for i in sorted(range(len(middle)), key=lambda i: (-shares[i][1], i))[:left]:
        whole[i] += 1
    return [first, *((n, act) for n, (_, act) in zip(whole, middle)), last]


def chooser(uid: str, default: int, lang: str) -> Markup:
    """The period's radio buttons: CSS shows the tables of the checked one (aula.css, .aula-period),
    with or without JavaScript, on screen and in print."""
    options = []
    for minutes in PERIODS:
        rid = f"{uid}-{minutes}"
        attrs = {"type": "radio", "name": uid, "id": rid, "value": str(minutes)}
        if minutes == default:
            attrs["checked"] = True
        options.append(h("span", {"class": "aula-period-option"},
                         h("input", attrs), h("label", {"for": rid}, f"{fmt(minutes, lang)} min")))
    return h("fieldset", {"class": "aula-period-choice"},
             h("legend", None, tr(lang, {"es": "¿Cuánto dura tu clase?", "pt": "Quanto dura a sua aula?"})),
             options)
