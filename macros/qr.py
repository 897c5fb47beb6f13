"""QR codes of fixed addresses, drawn at build time by segno (PyPI, pinned in requirements.txt): the
site's address and the offline save on the teachers' page. Share links get theirs in the browser
(overrides/bridge/qr.js, uqr). Dark modules on light with a quiet zone of four modules, in both colour
schemes and in print; the address's text stays beside the code.

Example: qr_figure("https://example.org/aula/", "Código QR del sitio") -> <figure class="aula-qr-figure">…
"""

from __future__ import annotations

import segno

from lesson_core.kit.html import Markup, esc, h

__all__ = ["qr_svg", "qr_figure"]


def qr_svg(text: str, label: str) -> Markup:
    """The code as inline SVG (scaled by CSS); segno escapes nothing we pass but the data it encodes."""
    code = segno.make(text, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=4, dark="#000", light="#fff", svgclass="aula-qr", lineclass=None,
                          omitsize=True)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{esc(label)}" '
                              'shape-rendering="crispEdges" ', 1))


def qr_figure(text: str, label: str) -> Markup:
    return h("figure", {"class": "aula-qr-figure"}, qr_svg(text, label),
             h("figcaption", {"class": "aula-qr-link"}, h("a", {"href": text}, text)))
