"""The bridge's scripts right after the page's first widget, not at the end of a long page.

A lesson page carries its widgets' precomputed tables, hundreds of KB of HTML. With the bridge
(loader.js ... aula.js) at the end of <body>, a slow phone parses all of it before the first control
answers (issue 17: 2.8-3.3 s on positional-encoding with the CPU slowed 4x). Placed right after the
first widget's block, the bridge runs once that widget is parsed; aula.js takes events at the document
and reads each widget's table when it is first needed, so widgets parsed later work the same.

main.html marks the bridge's block with ``<!--aula-bridge-->`` ... ``<!--/aula-bridge-->``; a page
without widgets keeps it where it is (aula.js then does nothing).
"""

from __future__ import annotations

import re

__all__ = ["place_bridge"]

_BLOCK = re.compile(r"<!--aula-bridge-->(.*?)<!--/aula-bridge-->", re.S)
# the end of a widget's block: its messages (the block's last element) and the widget's closing tag
_FIRST_WIDGET_END = re.compile(r'<script type="application/json" class="aula-msgs">[^<]*</script></div>')


def place_bridge(html: str) -> str:
    """The marked bridge block moved to just after the first widget (markers removed either way)."""
    block = _BLOCK.search(html)
    if not block:
        return html
    scripts = block.group(1).strip()
    html = html[:block.start()] + html[block.end():]
    end = _FIRST_WIDGET_END.search(html, 0, block.start())
    at = end.end() if end else block.start()
    return html[:at] + scripts + html[at:]
