"""The HTML rule (macros/checks.py RULE) on the Python side: hostile text typed into any `Text`
control of any widget, in either language, never yields a part that breaks it; and the rule
refuses what an unescaped widget would emit. (More cases of the rule: tests/test_authoring.py; the
browser's half: tests/test_safety_browser.py.)"""

from __future__ import annotations

import pytest

import lesson_core
from lesson_core.kit.controls import Text
from macros.checks import RULE, problem

HOSTILE = [
    "<img src=x onerror=alert(1)>",
    "</textarea><script>alert(1)</script>",
    '"><svg onload=alert(1)>',
]

TEXT_CONTROLS = [(w.id, c.name) for w in lesson_core.kit.registry.all_widgets()
                 for c in w.controls if isinstance(c, Text)]


def test_there_are_text_controls_to_try():
    assert len(TEXT_CONTROLS) >= 4, TEXT_CONTROLS


@pytest.mark.parametrize("lang", ["es", "pt"])
@pytest.mark.parametrize("widget_id,param", TEXT_CONTROLS)
def test_hostile_text_in_a_text_control_keeps_every_part_within_the_rule(widget_id, param, lang):
    shown = 0
    for text in HOSTILE:
        result = lesson_core.render(widget_id, {param: text}, lang)
        if not result["ok"]:  # the widget explains why it cannot take this text (beside the field)
            assert result["error"]["message"], result
            continue
        shown += 1
        for part, html in result["parts"].items():
            found = problem(html)
            assert found is None, f"{widget_id} {param}={text!r} ({lang}) part {part!r}: {found}"
    assert shown, f"{widget_id} refused every hostile text: the test saw no view"


@pytest.mark.parametrize("text", HOSTILE)
def test_the_rule_refuses_hostile_text_left_unescaped(text):
    assert problem(f"<p>{text}</p>") is not None


def test_the_rule_is_plain_data_for_the_browser():
    assert set(RULE) == {"elements", "attributes", "attribute_prefixes", "href_prefixes"}
    assert all(name == name.lower() for key in ("elements", "attributes") for name in RULE[key])
    assert "script" not in RULE["elements"] and not any(a.startswith("on") for a in RULE["attributes"])
