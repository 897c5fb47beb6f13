"""A widget that fails for a typed value, in the browser: the reader gets a short message in the
page's language; the author finds the widget, its parameters and Python's error in the console.

The page is served a lesson_core.zip whose pe_fingerprint raises for pos = 4242 (and no memory
snapshot, so Python imports that zip rather than the lesson_core frozen in the snapshot), and tells
the worker that zip's length, as a build of it would."""

from __future__ import annotations

import io
import re
import zipfile

import pytest

from conftest import PY_TIMEOUT, wait_python, widget
from macros.runtime import lesson_core_zip

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BUG = '''
_original_fingerprint = fingerprint


def fingerprint(p, lang):  # a bug for one value, planted by tests/test_authoring_browser.py
    if p["pos"] == 4242:
        raise ZeroDivisionError("planted for the test")
    return _original_fingerprint(p, lang)


_REGISTRY["pe_fingerprint"].fn = fingerprint
'''


def buggy_core() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(lesson_core_zip())) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "lesson_core/widgets/positional.py":
                data += ("\nfrom ..kit.registry import _REGISTRY\n" + BUG).encode()
            dst.writestr(info, data)
    return out.getvalue()


def test_live_failure_is_logged_for_the_author(browser, server):
    context = browser.new_context()
    context.route("**/python.snapshot*", lambda route: route.fulfill(status=404, body=""))
    core = buggy_core()
    context.route("**/lesson_core*.zip", lambda route: route.fulfill(status=200, body=core,
                                                                      content_type="application/zip"))

    def told_its_length(route):  # the worker checks each runtime file's length against the build's
        page = route.fetch()
        html = re.sub(r'("lesson_core-[0-9a-f]+\.zip": )\d+', rf"\g<1>{len(core)}", page.text())
        route.fulfill(response=page, body=html)

    context.route(server + "pt/positional-encoding/", told_its_length)
    pg = context.new_page()
    logged = []
    pg.on("console", lambda m: logged.append(m.text) if m.type == "error" else None)
    pg.goto(server + "pt/positional-encoding/")
    fp = widget(pg, "pe_fingerprint")
    fp.locator('input[data-param="pos"]').fill("4242")
    wait_python(pg)
    pg.wait_for_function("() => document.querySelector('.aula-widget[data-widget=\"pe_fingerprint\"] .aula-status')"
                         ".innerText.includes('Não foi possível calcular')", timeout=PY_TIMEOUT)
    mine = [t for t in logged if t.startswith("Aula: live computation failed")]
    context.close()
    assert mine, logged
    assert 'widget pe_fingerprint (#w-pe-fingerprint-0) with parameters {"pos":"4242","d":"16"}' in mine[0]
    assert "ZeroDivisionError: planted for the test (at widgets/positional.py:" in mine[0]
