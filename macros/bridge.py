"""The bridge's scripts right after the page's first widget, not at the end of a long page.

A lesson page carries its widgets' precomputed tables, hundreds of KB of HTML. With the bridge
(loader.js ... aula.js) at the end of <body>, a slow phone parses all of it before the first control
answers (issue 17: 2.8-3.3 s on positional-encoding with the CPU slowed 4x). Placed right after the
first widget's block, the bridge runs once that widget is parsed; aula.js takes events at the document
and reads each widget's table when it is first needed, so widgets parsed later work the same.

Two markers, both ours, say where things are; nothing here reads the widgets' markup:

- :data:`SLOT`: where the bridge goes. The page's content is assembled by
  ``macros/authoring.py`` ``unstash``, which puts every macro's block in its place and so knows
  which block is the page's first widget (a ``lesson_core.kit.block.Block``): the slot follows it.
- ``<!--aula-bridge-->`` ... ``<!--/aula-bridge-->``: the bridge's scripts, as
  ``overrides/main.html`` writes them (the theme's template owns their list and order).

:func:`place_bridge` moves the marked scripts into the slot; a page without widgets (no slot)
keeps them where the template put them. The markers are gone either way.
"""

from __future__ import annotations

__all__ = ["place_bridge", "SLOT"]

SLOT = "<!--aula-bridge-slot-->"
_START, _END = "<!--aula-bridge-->", "<!--/aula-bridge-->"


def place_bridge(html: str) -> str:
    """The marked bridge block moved to the page's slot (markers removed either way).

    >>> place_bridge('<p>a</p><!--aula-bridge-slot--><p>b</p><!--aula-bridge--> <s></s> <!--/aula-bridge-->')
    '<p>a</p><s></s><p>b</p>'
    >>> place_bridge('<p>a</p><!--aula-bridge--><s></s><!--/aula-bridge-->')
    '<p>a</p><s></s>'
    """
    start = html.find(_START)
    end = html.find(_END, start + len(_START)) if start >= 0 else -1
    if end < 0:
        return html.replace(SLOT, "", 1)
    scripts = html[start + len(_START):end].strip()
    rest = html[:start] + html[end + len(_END):]
    at = rest.find(SLOT, 0, start)
    if at < 0:
        return rest[:start] + scripts + rest[start:]
    return rest[:at] + scripts + rest[at + len(SLOT):]
