"""A page's final structure comes from whoever renders each piece, and nothing re-reads the core's
markup afterwards (issue 28): the widget's block is final (lesson_core/kit/block.py), the page's
content is assembled with the bridge's slot after its first widget (macros/authoring.py unstash),
the bridge moves into that slot by our own markers (macros/bridge.py), and the Content Security
Policy finds inline scripts with an HTML parser, whatever the spelling of a block (macros/csp.py)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from lesson_core.kit.block import render_block
from macros import csp
from macros.authoring import stash, unstash
from macros.bridge import SLOT, place_bridge

BRIDGE = '<!--aula-bridge--><script src="aula.js"></script><!--/aula-bridge-->'


class _Page:
    """What stash/unstash use of a MkDocs page: its attribute dictionary."""


def test_the_slot_follows_the_first_widget_block_only():
    page = _Page()
    plan = stash(page, "<table><tr><td>plan</td></tr></table>")  # a teacher macro's block: no widget
    first = stash(page, render_block("vec_pythagoras", None, "es", "w-a"))
    second = stash(page, render_block("vec_pythagoras", None, "es", "w-b"))
    out = unstash(f"<p>{plan}</p><p>intro</p><div class='admonition'><p>{first}</p></div><p>{second}</p>", page)
    assert out.count(SLOT) == 1
    before, after = out.split(SLOT)
    assert before.endswith(str(render_block("vec_pythagoras", None, "es", "w-a")))
    assert 'id="w-b"' in after and 'id="w-a"' not in after and "plan" in before


def test_a_page_without_widgets_gets_no_slot():
    page = _Page()
    token = stash(page, "<p>key</p>")
    assert unstash(token, page) == "<p>key</p>"


def test_the_bridge_moves_into_the_slot():
    page = f"<body><div>w1</div>{SLOT}<p>long prose</p><div>w2</div>{BRIDGE}</body>"
    assert place_bridge(page) == '<body><div>w1</div><script src="aula.js"></script><p>long prose</p><div>w2</div></body>'
    # no widget, no slot: the scripts stay where the template wrote them, without the markers
    assert place_bridge(f"<body><p>x</p>{BRIDGE}</body>") == '<body><p>x</p><script src="aula.js"></script></body>'
    # no bridge block (a template without one): the slot goes, nothing else changes
    assert place_bridge(f"<p>x</p>{SLOT}<p>y</p>") == "<p>x</p><p>y</p>"


def test_the_policy_does_not_depend_on_how_a_block_is_spelled():
    """The same page with its data blocks and scripts written another way (attribute order, quotes,
    a '>' inside an attribute, an upper-case tag) gets the same policy."""
    meta = csp.META
    one = (f'<head>{meta}</head><div class="aula-widget"><script type="application/json" class="aula-pre">'
           '{"a":"<\\/b>"}</script><script>x=1</script><script src="a.js"></script></div>')
    two = (f"<head>{meta}</head><div data-note='a>b' class=aula-widget><SCRIPT class='aula-pre' "
           "type=APPLICATION/JSON>{\"a\":\"<\\/b>\"}</SCRIPT><script data-x='1>0'>x=1</script>"
           "<script defer src=a.js></script></div>")
    assert csp.inline_scripts(one) == csp.inline_scripts(two) == ["x=1"]
    policy_one = re.search(r'content="([^"]*)"', csp.apply(one, False)).group(1)
    assert policy_one == re.search(r'content="([^"]*)"', csp.apply(two, False)).group(1)
    assert csp.digest("x=1") in policy_one and policy_one.count("'sha256-") == 1


class _Order(HTMLParser):
    """The first widget's end and the bridge's first script, as offsets in the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.depth, self.widget_end, self.bridge_at, self.rule = 0, None, None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.widget_end is None:
            if self.depth:
                self.depth += tag == "div"
            elif tag == "div" and "aula-widget" in (attrs.get("class") or "").split():
                self.depth = 1
        if tag == "script" and self.bridge_at is None and (
                attrs.get("id") == "aula-html-rule" or re.search(r"assets/aula/aula\.[0-9a-f]+\.js$", attrs.get("src") or "")):
            self.bridge_at, self.rule = self.at(), attrs.get("id") == "aula-html-rule"

    def handle_endtag(self, tag):
        if tag == "div" and self.depth and self.widget_end is None:
            self.depth -= 1
            if not self.depth:
                self.widget_end = self.at() + len("</div>")

    def at(self) -> int:
        line, col = self.getpos()
        return self.starts[line - 1] + col


def _order(html: str) -> _Order:
    parser = _Order()
    parser.starts = [0]
    for line in html.splitlines(keepends=True):
        parser.starts.append(parser.starts[-1] + len(line))
    parser.feed(html)
    parser.close()
    return parser


def test_the_built_bridge_follows_each_pages_first_widget(site):
    """On every page with widgets the bridge (the HTML rule first, then loader.js ...) comes right
    after the first widget's block; pages without widgets keep it at the end, without the rule."""
    with_widgets = 0
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        assert "<!--aula-bridge" not in html, path  # no marker left
        found = _order(html)
        if found.widget_end is None:
            assert not found.rule and 'id="aula-html-rule"' not in html, path
            continue
        with_widgets += 1
        assert found.rule and found.bridge_at == found.widget_end, (path, html[found.widget_end:found.widget_end + 80])
    assert with_widgets >= 20


def test_the_last_steps_are_plain_python(tmp_path):
    """macros/finish.py takes HTML and a language, no MkDocs object: a page from the template
    (markers, the CSP placeholder, lang="es") comes out as readers get it."""
    from macros import finish
    raw = (f'<html lang="es"><head>{csp.META}</head><body><div>w</div>{SLOT}<p>more</p>'
           f'{BRIDGE.replace("<script", "<script>y=2</script><script", 1)}</body></html>')
    done = finish.page(raw, "pt", False)
    assert done.startswith('<html lang="pt-BR">') and "aula-bridge" not in done and "aula-csp" not in done
    assert '<div>w</div><script>y=2</script><script src="aula.js"></script><p>more</p>' in done
    assert csp.digest("y=2") in done
    assert finish.page(done, "pt", False) == done  # a finished page is left as it is


def test_a_built_site_is_already_finished(site, tmp_path):
    """finish.built_pages over (a copy of) pages the hooks finished changes nothing: the step can run
    after any build, with or without the hooks."""
    import shutil
    from macros import finish
    for rel in ("index.html", "turing-2-vectors/index.html", "pt/turing-2-vectors/index.html", "pt/404.html"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(site / rel, tmp_path / rel)
    assert finish.built_pages(tmp_path, offline=False) == []
