"""The HTML rule (macros/checks.py RULE) on the Python side: hostile text typed into any `Text`
control of any widget, in either language, never yields a part that breaks it; and the rule
refuses what an unescaped widget would emit, and every case of the shared hostile table
(tests/hostile_html.json: the reliability review's parser differentials, CSS escapes and image-set
forms among them), which the browser's half is tested on too (tests/test_safety_browser.py). More
cases of the rule: tests/test_author_checks.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import lesson_core
from lesson_core.kit.controls import Text
from macros.checks import RULE, css_plain, problem

TABLE = json.loads((Path(__file__).parent / "hostile_html.json").read_text(encoding="utf-8"))

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


@pytest.mark.parametrize("html,why", TABLE["refuse"], ids=[w for _, w in TABLE["refuse"]])
def test_the_build_refuses_every_case_of_the_shared_table(html, why):
    assert problem(html) is not None, (why, html)


@pytest.mark.parametrize("html,why", TABLE["accept"], ids=[w for _, w in TABLE["accept"]])
def test_the_build_accepts_the_shared_tables_clean_cases(html, why):
    assert problem(html) is None, (why, problem(html))


def test_the_table_holds_the_reviews_cases():
    notes = " ".join(w for _, w in TABLE["refuse"])
    assert all(f"differential {n}" in notes for n in range(1, 6)), notes
    assert all(f"CSS escape {n}" in notes for n in range(1, 4)), notes
    assert "image-set" in notes and "-webkit-image-set" in notes


@pytest.mark.parametrize("style,plain", [
    ("background:u\\72l(x)", "background:url(x)"),
    ("a: \\000075 rl(x)", "a:url(x)"),
    ("b:u\\\nrl(x)", "b:url(x)"),  # an escaped newline is nothing
    ("c:\\(x", "c:(x"),
    ("d:u/* x */rl", "d:url"),
    ("e:\\0", "e:\ufffd"),  # code point 0: the replacement character, as CSS reads it
    ('--c:"url(x) \\" }" ;u\\72l(y)', '--c:"";url(y)'),  # a string's inside loads nothing: emptied
    ("f:'a\nurl(y)", "f:''url(y)"),  # an unclosed string ends at the line break
    ('g:"/* x */"url(z)', 'g:""url(z)'),  # no comment inside a string
])
def test_css_escapes_are_read_as_css_reads_them(style, plain):
    assert css_plain(style) == plain


def test_the_rule_is_plain_data_for_the_browser():
    assert set(RULE) == {"elements", "attributes", "attribute_prefixes", "href_prefixes", "style_refused"}
    assert all(name == name.lower() for key in ("elements", "attributes") for name in RULE[key])
    assert "script" not in RULE["elements"] and not any(a.startswith("on") for a in RULE["attributes"])
