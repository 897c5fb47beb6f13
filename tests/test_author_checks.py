"""What authors meet without a build: the HTML checks, the stash that carries a block through Markdown,
twin pages, and the static checks of labels, phone width and the macro list (issue 28).
The builds of a small copy of the project are in tests/test_authoring.py."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
import pytest
from bs4 import BeautifulSoup
from conftest import ROOT
from macros.authoring import TOKEN_RE, missing_twins, stash, unstash
from macros.checks import problem


# --- the HTML checks ---------------------------------------------------------------------

@pytest.mark.parametrize("html,expect", [
    ("<p>x</b>", "</b> closes <p>"),
    ("<div><p>x</p>", "<div> never closed"),
    ("</p>", "closes nothing"),
    ('<p>dijo "hola" <script>alert(1)</script></p>', "<script>"),
    ("<p>entropía: nan bits</p>", "non-finite"),
    ('<svg><rect x="NaN" y="1"/></svg>', "non-finite"),
    ("<p>−Infinity</p>", "non-finite"),
    ('<img src="x" onerror="alert(1)">', "event attribute"),
    ('<a href="javascript:alert(1)">x</a>', "javascript:"),
    # the rule is an allow-list (macros/checks.py RULE)
    ("<style>p{}</style>", "<style>"),
    ('<svg><image href="https://example.org/x.png"/></svg>', "a link on <image>"),
    ('<div id="aula">x</div>', "id="),
    ('<p style="background:url(https://example.org/)">x</p>', "url("),
    ("<svg><foreignObject><p>x</p></foreignObject></svg>", "<foreignobject>"),
])
def test_checks_find_what_a_reader_must_not_get(html, expect):
    found = problem(html)
    assert found and expect in found, (html, found)


def test_checks_pass_clean_html():
    for html in ('<p class="a">0,5 &lt;b&gt;</p><br><svg><rect x="1"/><text>infinito</text></svg>',
                 '<svg><image href="data:image/png;base64,AAnan+inf/Nan"/></svg>', "<p>nanómetro, información</p>"):
        assert problem(html) is None, html


def test_stash_survives_markdown_contexts():
    class Page:
        pass
    page = Page()
    block = '<div class="aula-widget" data-base="{&quot;a&quot;:1}"><p>x</p></div>'
    token = stash(page, block)
    assert TOKEN_RE.fullmatch(token)
    assert unstash(f"<p>{token}</p>", page) == block
    assert unstash(f"<li>{token}</li>", page) == f"<li>{block}</li>"


def test_missing_twin_is_named(tmp_path):
    for lang in ("es", "pt"):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "index.md").write_text("# x")
    (tmp_path / "es" / "softmax.md").write_text("# x")
    (messages,) = [missing_twins(tmp_path)]
    assert len(messages) == 1 and "pt/softmax.md is missing" in messages[0] and "Portuguese" in messages[0]


# --- the mistakes that used to pass silently (issue 28): named by the build at their own line -------

def test_a_label_without_a_language_names_the_widget_line():
    """A title, a control's label or an option's label without its Portuguese is refused where the
    widget is declared, at its @widget( line, not inside tr() when a Portuguese page is built."""
    import inspect

    from lesson_core.kit.controls import Choice, Range
    from lesson_core.kit.registry import AuthorError, _REGISTRY, widget

    both = {"es": "T", "pt": "T"}
    line = inspect.currentframe().f_lineno
    cases = [
        (lambda: widget("zz_choice_pt", lesson="x", title=both, controls=[
            Choice("c", both, "a", options=[("a", {"es": "A"}), ("b", "B")])]), 2,
         r"Choice 'c': the label of option 'a' has no Portuguese text \(\{'es': 'A'\}\); write \{\"es\": ..., \"pt\": ...\}"),
        (lambda: widget("zz_range_pt", lesson="x", title=both, controls=[Range("t", {"pt": "T"}, 1, min=0, max=3)]), 5,
         r"Range 't': its label has no Spanish text"),
        (lambda: widget("zz_title", lesson="x", title={"es": "Título"}), 7, r"its title has no Portuguese text"),
    ]
    for make, offset, expect in cases:
        with pytest.raises(AuthorError) as caught:
            make()(lambda p, lang: None)
        message = str(caught.value)
        assert re.match(rf"(.*/)?tests/test_author_checks.py:{line + offset}: widget 'zz_\w+': {expect}", message), message
        assert "fmt.py" not in message
    assert not {"zz_choice_pt", "zz_range_pt", "zz_title"} & set(_REGISTRY)
    # one text for both languages and a number are labels an option may have
    deco = widget("zz_options_ok", lesson="x", title=both, controls=[Choice("c", both, 1, options=[(1, 1), (2, "GPT-2")])])
    deco(lambda p, lang: None)
    _REGISTRY.pop("zz_options_ok")


def test_views_wider_than_a_phone_are_found_from_their_html():
    """lesson_core/lint/layout.py: what a 320 px phone would scroll sideways, and markup in labels."""
    from lesson_core.kit import svgkit
    from lesson_core.kit.html import h, svg
    from lesson_core.lint.layout import PHONE_BOX, label_problems, table_min_width, view_problems

    def drawing(width):
        return lambda frame: svg(frame.width if width is None else width, 40, h("text", {"x": 1, "y": 20}, "x"))

    assert view_problems(str(svg(900, 60))) == [view_problems(str(svg(900, 60)))[0]]
    assert "a figure 900 units wide" in view_problems(str(svg(900, 60)))[0]
    assert view_problems(str(svgkit.figure(drawing(None)))) == []                  # 560 wide, 264 narrow
    (narrow,) = view_problems(str(svgkit.figure(drawing(300))))                     # the narrow one, 300 wide
    assert "a figure 300 units wide" in narrow and "svgkit.figure" in narrow
    assert view_problems(str(svg(264, 60))) == [] and view_problems(str(svg(600, 60, cls="aula-squeeze"))) == []

    headers = ["Modelo", "Parámetros", "Tokens", "Capas", "Cabezas", "Dimensión", "Contexto", "Vocabulario"]
    rows = [["GPT-3", "175 000 000 000", "300 000 000 000", "96", "96", "12 288", "2048", "50 257"]]
    (wide,) = view_problems(str(svgkit.table(headers, rows)))
    assert re.search(r"a table at least \d+ px wide on a phone, more than its 266 px box", wide)
    assert view_problems(str(svgkit.card_table(headers, rows))) == []
    assert view_problems(str(svgkit.table_forms(svgkit.table(headers, rows), svgkit.card_table(headers, rows)))) == []
    assert view_problems(str(svgkit.table(["x", "y"], [["1", "2"]]))) == []
    assert table_min_width("<tr><td>a b</td><td>cc</td></tr>", 20) < PHONE_BOX

    from lesson_core.kit.controls import Choice, Range
    from lesson_core.kit.registry import Widget
    w = Widget("zz", "x", {"es": "Título", "pt": "Título"}, [
        Range("t", {"es": "Temperatura <b>T</b>", "pt": "Temperatura T"}, 1, min=0, max=3),
        Choice("c", {"es": "C", "pt": "C"}, "a", options=[("a", "x &amp; y"), ("b", "x < y")])], {}, None)
    found = label_problems(w)
    assert [text for text, _ in found] == ["Temperatura <b>T</b>", "x &amp; y"]   # "x < y" is no markup
    assert "the label of Range 't' holds markup (<b>)" in found[0][1]


def test_the_unknown_macro_message_lists_every_macro():
    """The list comes from the macros mkdocs-macros registered, so it cannot go stale; its own
    macros (now(), macros_info()...) are left out."""
    from macros import main
    from macros.authoring import macro_error_text, project_macros

    class Env:
        def __init__(self):
            self.registered = {}
            self.conf = {"extra": {}}

        def macro(self, fn):
            self.registered[fn.__name__] = fn
            return fn

    env = Env()
    main.define_env(env)

    def now():
        pass
    now.__module__ = "mkdocs_macros.context"
    names = project_macros({**env.registered, "now": now, "extra": {}})
    assert names == list(env.registered) and {"class_set", "bundle_link", "widget", "value"} <= set(names)

    from types import SimpleNamespace

    from macros import authoring
    page = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(ROOT / "docs" / "es" / "index.md")))
    authoring.clear()
    try:
        macro_error_text(NameError("'nope' is undefined"), "x", page, names)
        (message,) = authoring.MISTAKES
    finally:
        authoring.clear()
    listed = re.search(r"NameError: 'nope' is undefined; only the macros (.*) exist", message).group(1)
    assert re.findall(r"(\w+)\(\)", listed) == names, message
