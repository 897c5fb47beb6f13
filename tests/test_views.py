"""The build's memo and the data path of ``value()`` (lesson_core.kit.registry.Views).

- every ``{{ value(...) }}`` in docs/ reads, through the data path, the number the widget's full
  render has at that field;
- a widget's ``data=`` function agrees with its view's data, and never runs what only the view needs
  (rm_compare's manifest numbers run no Transformer);
- one widget state is computed once per Views, shared by value() and widget();
- a changed widget function (mkdocs serve reloads its module) never meets an older result.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

import lesson_core
from lesson_core.kit import registry
from lesson_core.kit.controls import Range
from lesson_core.kit.registry import AuthorError, View, Views, get, parse_params, widget

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from macros.main import FieldError, lookup  # noqa: E402
from test_parity import parity_cases  # noqa: E402

VALUE_CALL = re.compile(r"\{\{\s*(value\(.*?\))\s*\}\}", re.S)
FORMAT_ARGS = {"digits", "pct"}


def docs_value_calls() -> list[tuple[str, str, str, dict]]:
    """(page, widget id, field, parameters) of every value() call in docs/."""
    out = []
    for md in sorted((ROOT / "docs").rglob("*.md")):
        lang = md.relative_to(ROOT / "docs").parts[0]
        for m in VALUE_CALL.finditer(md.read_text(encoding="utf-8")):
            call = ast.parse(m.group(1).replace("{{{{", "{{"), mode="eval").body
            widget_id, field = (ast.literal_eval(a) for a in call.args)
            params = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg not in FORMAT_ARGS}
            out.append((f"{md.relative_to(ROOT)}", lang, widget_id, field, params))
    return out


CALLS = docs_value_calls()


def test_the_pages_have_value_calls():
    assert len(CALLS) > 400 and len({c[2] for c in CALLS}) > 30  # the scan reads every page's calls


@pytest.fixture(scope="module")
def docs_views() -> tuple[Views, list[dict]]:
    """One Views, as a build has, after every value() call of docs/ asked it, and what it answered."""
    views = Views()
    return views, [views.data(widget_id, params, lang) for _, lang, widget_id, _, params in CALLS]


def test_every_value_in_docs_is_the_rendered_widgets_number(docs_views):
    views, answers = docs_views
    rendered = {}
    for (page, lang, widget_id, field, params), data in zip(CALLS, answers):
        state = (widget_id, repr(sorted(params.items())), lang)
        if state not in rendered:  # the full render, as the browser gets it (no Views involved)
            rendered[state] = lesson_core.render(widget_id, params, lang)
        full = rendered[state]
        assert full["ok"], (page, widget_id, params)
        assert lookup(data, field) == lookup(full["data"], field), (page, field)
        w = get(widget_id)
        assert field.split(".")[0] in w.fields, f"{page}: {widget_id} does not declare {field!r} in fields="


def test_every_state_is_computed_once_per_build(docs_views):
    views, _ = docs_views
    def canon(widget_id, params):
        values = parse_params(get(widget_id), params)
        return tuple(c.canon(values[c.name]) for c in get(widget_id).controls)

    states = {(w, canon(w, p), lang) for _, lang, w, _, p in CALLS if get(w).data is None}
    assert views.calls["view"] == len(states)
    # widgets with a data= function (rm_compare, own_default): once per state too, with no view drawn
    data_states = {(w, canon(w, p), lang) for _, lang, w, _, p in CALLS if get(w).data is not None}
    assert {w for w, _, _ in data_states} >= {"rm_compare", "own_default"}
    assert views.calls["data"] == len(data_states)


def test_value_and_widget_share_the_default_state(monkeypatch):
    w = get("vec_pythagoras")
    ran = []
    original = w.fn

    def counted(p, lang):
        ran.append((p["a"], p["b"], lang))
        return original(p, lang)

    monkeypatch.setattr(w, "fn", counted)
    views = Views()
    first = views.data("vec_pythagoras", {}, "es")
    assert ran == [(3, 4, "es")]
    block = lesson_core.render_block("vec_pythagoras", {}, "es", "w-x", views=views)
    states = len(registry.precompute(w, w.defaults(), "es")["main"])  # a fresh Views: counts again
    assert len(ran) == 1 + (states - 1) + states, "the default state was computed once for value() and widget()"
    assert len(set(ran[:states])) == states
    assert views.data("vec_pythagoras", {"a": "3"}, "es") is not None and len(ran) == 1 + (states - 1) + states
    assert first == {k: original(w.defaults(), "es").data[k] for k in w.fields}
    assert 'data-widget="vec_pythagoras"' in block


def test_a_new_widget_function_never_meets_an_older_result(monkeypatch):
    """mkdocs serve re-imports an edited widget module: its functions are new objects, so the
    memo's key differs (and macros/main.py makes a new Views for every build anyway)."""
    views = Views()
    before = views.data("vec_dot", {}, "pt")["dot"]
    w = get("vec_dot")
    original = w.fn

    def edited(p, lang):
        view = original(p, lang)
        return View(parts=view.parts, data={**view.data, "dot": view.data["dot"] + 1}, summary=view.summary)

    monkeypatch.setattr(w, "fn", edited)
    assert views.data("vec_dot", {}, "pt")["dot"] == before + 1


def data_widgets() -> list[str]:
    return sorted(w.id for w in registry.all_widgets() if w.data is not None)


def test_some_widget_has_a_data_function():
    assert "rm_compare" in data_widgets()


@pytest.mark.parametrize("widget_id", data_widgets())
def test_a_data_function_agrees_with_the_view(widget_id):
    w = get(widget_id)
    cases = [(p, lang) for wid, p, lang in parity_cases() if wid == widget_id]
    assert cases
    for params, lang in cases:
        values = parse_params(w, params)
        full = registry._call(w, values, lang).data
        assert w.data(dict(values), lang) == {f: full[f] for f in w.fields if f in full}, (params, lang)


def test_rm_compare_reads_the_manifest_without_running_a_model(monkeypatch):
    from lesson_core.model import counting, generate, load
    from lesson_core.widgets import real_model_count

    def forbidden(*args, **kwargs):
        raise AssertionError("a model ran to read a manifest number")

    for module, name in [(generate, "generate"), (counting, "sentence_bits"), (load, "model")]:
        monkeypatch.setattr(module, name, forbidden)
    monkeypatch.setattr(real_model_count, "model", forbidden)
    monkeypatch.setattr(real_model_count.gen, "generate", forbidden)
    for lang in ("es", "pt"):
        data = Views().data("rm_compare", {}, lang)
        assert data["held_out"]["transformer"] == load.manifest(lang)["val_bpc"]
        assert data["lead5"] == round(load.manifest(lang)["ngram_val_bpc"]["5"] - load.manifest(lang)["val_bpc"], 4)


def test_a_field_outside_the_declaration_is_explained():
    views = Views()
    data = views.data("rm_compare", {}, "es")
    assert "winner" not in data   # in the full data (the reader's sentence), not among the page's fields
    with pytest.raises(FieldError, match=r"no data field 'winner' \(at 'winner' there are fields 'held_out', .*"
                                         r"'winner' is in the widget's data but not in its fields=\(\.\.\.\) at "
                                         r"lesson_core/widgets/real_model_count.py:\d+"):
        lookup(data, "winner", lambda key: views.field_hint("rm_compare", {}, "es", key))
    sizes = views.data("model_sizes", {"model": "gpt3"}, "es")
    with pytest.raises(FieldError, match=r"no data field 'active_share' .*turing_scale.py:\d+ declares it in "
                                         r"fields=\(\.\.\.\), but with these parameters"):
        lookup(sizes, "active_share", lambda key: views.field_hint("model_sizes", {"model": "gpt3"}, "es", key))


def test_declaration_mistakes_name_the_widget():
    r = Range("t", {"es": "T", "pt": "T"}, 1, min=0, max=3, step=1)
    with pytest.raises(AuthorError, match=r"test_views.py:\d+: widget 'zz_data': data= computes .* fields="):
        widget("zz_data", lesson="zz", title={"es": "x", "pt": "x"}, controls=[r], data=lambda p, lang: {})
    try:
        @widget("zz_data2", lesson="zz", title={"es": "x", "pt": "x"}, controls=[r], fields=("x",),
                data=lambda p, lang: {"x": 1, "y": 2})
        def zz(p, lang):
            return View(parts={"main": ""}, data={"x": 1, "y": 2})
        with pytest.raises(AuthorError, match=r"widget 'zz_data2': its data= function returned fields \['y'\]"):
            Views().data("zz_data2", {}, "es")
    finally:
        registry._REGISTRY.pop("zz_data2", None)


def test_under_serve_every_page_that_reads_a_state_depends_on_its_widget(monkeypatch):
    """A memo hit runs no widget code, so pagecache's tracking of widget functions would miss the
    second page that reads a state: value() names the widget's module for each page itself, and
    an edit of that module renders both pages again (macros/pagecache.py)."""
    from types import SimpleNamespace
    from macros import main, pagecache

    used = []
    monkeypatch.setattr(pagecache, "uses", lambda page, module: used.append((page.file.src_uri, module)))
    macros = {}
    env = SimpleNamespace(conf={"extra": {"aula_serve": True}}, page=None,
                          macro=lambda fn: macros.setdefault(fn.__name__, fn))
    main.define_env(env)
    for uri in ("es/turing-2-vectors.md", "es/teacher/turing-2-vectors.md"):
        env.page = SimpleNamespace(file=SimpleNamespace(src_uri=uri))
        assert macros["value"]("vec_dot", "dot") == main.fmt(get("vec_dot").fn(get("vec_dot").defaults(), "es").data["dot"], "es")
    module = get("vec_dot").fn.__module__
    assert used == [("es/turing-2-vectors.md", module), ("es/teacher/turing-2-vectors.md", module)]
