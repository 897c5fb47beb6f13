"""Controls beside their output on a phone (issue 17, items 3 and 9): at 360x640 the part a control changes
starts within one screen of the control, so moving it shows its effect.

Measured on the built page, never from hard-coded heights (figures change height as their narrow layouts
come). For each widget and each of its controls (a data-param name in .aula-controls), "the first part
it changes" is the topmost visible part whose data-deps lists the control (the screen-reader summary
excepted); its distance is how far its top lies below the control's top (or, for a part above the
controls, how far its bottom lies above them). One screen is the viewport's height under the page
header. Run as a script, this file prints every distance:

    .venv/bin/python tests/test_controls_near.py /path/to/built/site
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser]

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
PAGES = ["turing-1-words/", "turing-2-vectors/", "positional-encoding/", "turing-3-generation/",
         "turing-4-scale/", "real-model/", "worksheets/positional-encoding/"]

DISTANCES_JS = """
() => {
  const header = document.querySelector('.md-header');
  const screen = window.innerHeight - (header ? header.getBoundingClientRect().height : 0);
  const top = (r) => r.top + window.scrollY;
  const rows = [];
  document.querySelectorAll('.aula-widget').forEach((w) => {
    const names = [];
    w.querySelectorAll('.aula-controls [data-param]').forEach((el) => {
      const n = el.getAttribute('data-param');
      if (names.indexOf(n) < 0) names.push(n);
    });
    for (const name of names) {
      const boxes = [];
      w.querySelectorAll('.aula-controls [data-param="' + name + '"]').forEach((el) => {
        const r = (el.closest('.aula-control') || el).getBoundingClientRect();
        if (r.height > 0) boxes.push(r);
      });
      if (!boxes.length) continue;
      const cTop = Math.min(...boxes.map(top)), cBottom = Math.max(...boxes.map((r) => top(r) + r.height));
      let best = null;
      w.querySelectorAll('.aula-part').forEach((p) => {
        if (p.classList.contains('aula-summary')) return;
        const deps = (p.getAttribute('data-deps') || '').split(',');
        if (deps.indexOf(name) < 0) return;
        const r = p.getBoundingClientRect();
        if (r.height <= 0) return;
        const d = top(r) >= cTop ? top(r) - cTop : Math.max(0, cTop - (top(r) + r.height));
        const below = top(r) >= cTop;
        if (best === null || top(r) < best.top) best = {top: top(r), d: Math.round(d), part: p.getAttribute('data-part'), below};
      });
      if (best) rows.push({widget: w.getAttribute('data-widget'), id: w.id, control: name, part: best.part,
                           distance: best.d, screen: Math.round(screen)});
    }
  });
  return rows;
}
"""


def distances(browser, url: str) -> list[dict]:
    ctx = browser.new_context(**PHONE)
    pg = ctx.new_page()
    pg.goto(url)
    pg.wait_for_load_state("load")
    rows = pg.evaluate(DISTANCES_JS)
    ctx.close()
    return rows


@pytest.mark.parametrize("lang", ["", "pt/"])
@pytest.mark.parametrize("page", PAGES)
def test_each_control_changes_a_part_within_one_screen(browser, server, page, lang):
    rows = distances(browser, server + lang + page)
    assert rows, f"no control with a part to change on {lang}{page}"
    far = [f"{r['widget']}: {r['control']} -> {r['part']} {r['distance']} px" for r in rows
           if r["distance"] > r["screen"]]
    assert not far, f"{lang}{page}: the first part a control changes starts beyond one screen " \
                    f"({rows[0]['screen']} px): " + "; ".join(far)


if __name__ == "__main__":  # print every distance of a built site
    import functools
    import http.server
    import shutil
    import sys
    import tempfile
    import threading
    from pathlib import Path

    from playwright.sync_api import sync_playwright

    from conftest import CHROMIUM, CHROMIUM_ARGS, _Handler

    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(sys.argv[1], Path(tmp) / "aula")
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=tmp))
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/aula/"
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for lang in ("", "pt/"):
                for page in PAGES:
                    for r in distances(b, base + lang + page):
                        mark = "  FAR" if r["distance"] > r["screen"] else ""
                        print(f"{lang or 'es/'}{page:<34} {r['widget']:<24} {r['control']:<12} -> {r['part']:<12} "
                              f"{r['distance']:>5} px (screen {r['screen']}){mark}")
            b.close()
        httpd.shutdown()
