"""QR codes (issue 27), each decoded back to its link from a screenshot by Debian's zbarimg (zbar-tools),
in the light and the dark scheme: the share link's code drawn in the browser (uqr), the site's address
and the offline save drawn at build (segno); a link too long for a code keeps its text, with a note."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from conftest import widget
from lesson_core.kit.messages import MESSAGES
from macros import qr

pytestmark = pytest.mark.skipif(not shutil.which("zbarimg"), reason="zbarimg (Debian zbar-tools) is not installed")

SCHEMES = ("light", "dark")


def decode(png: bytes, tmp_path) -> list[str]:
    path = tmp_path / "qr.png"
    path.write_bytes(png)
    proc = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
                          capture_output=True, text=True, timeout=60)
    return [line for line in proc.stdout.splitlines() if line]


def shot(pg, locator) -> bytes:
    locator.scroll_into_view_if_needed()
    return locator.screenshot()


def test_the_decoder_can_fail(tmp_path, page, server):
    page.goto(server)
    assert decode(shot(page, page.locator("h1").first), tmp_path) == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_share_link_s_code_decodes_to_the_link(page, server, scheme, tmp_path):
    page.emulate_media(color_scheme=scheme)
    page.goto(server + "positional-encoding/")
    w = widget(page, "pe_sum")
    w.locator('input[data-param="pos"]').fill("7")
    w.locator(".aula-share-button").click()
    link = w.locator(".aula-share-field").input_value()
    code = w.locator("svg.aula-qr")
    code.wait_for()
    assert w.locator(".aula-qr-link").inner_text() == link  # the link's text stays beside it
    assert decode(shot(page, code), tmp_path) == [link]
    box = code.bounding_box()
    assert box["width"] >= 150  # large enough to scan


def test_a_link_too_long_for_a_code_keeps_its_text_with_a_note(page, server):
    page.goto(server + "turing-1-words/")
    w = widget(page, "tokenizer")
    w.locator('textarea[data-param="text"], input[data-param="text"]').first.fill("机器学习" * 30)
    w.locator(".aula-share-button").click()
    note = w.locator(".aula-qr-note")
    note.wait_for()
    assert note.inner_text() == MESSAGES["share_qr_long"]["es"]
    assert w.locator("svg.aula-qr").count() == 0
    assert "#w=tokenizer:" in w.locator(".aula-share-field").input_value()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("prefix", ["", "pt/"])
def test_the_site_s_code_on_the_teachers_page_decodes_to_its_address(page, server, scheme, prefix, tmp_path):
    page.emulate_media(color_scheme=scheme)
    page.goto(server + prefix + "teacher/")
    figure = page.locator(".aula-qr-figure").first
    address = figure.locator("figcaption a").inner_text()
    assert address.startswith("http") and address.endswith("/aula/" + prefix)
    assert decode(shot(page, figure.locator("svg")), tmp_path) == [address]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_offline_save_s_code_decodes_to_its_address(browser, scheme, tmp_path):
    url = "https://example.org/aula/releases/download/v1.2.3/aula-offline.zip"
    context = browser.new_context(color_scheme=scheme)
    pg = context.new_page()
    ground = "#1e2129" if scheme == "dark" else "#fff"
    pg.set_content(f'<body style="background:{ground}"><style>.aula-qr{{width:12rem}}</style>'
                   f'{qr.qr_figure(url, "QR")}</body>')
    assert decode(pg.locator("svg").screenshot(), tmp_path) == [url]
    context.close()


def test_build_codes_are_dark_on_light_with_a_quiet_zone():
    svg = qr.qr_svg("https://example.org/", 'a "label" <b>')
    assert 'fill="#fff"' in svg and 'stroke="#000"' in svg
    assert 'aria-label="a &quot;label&quot; &lt;b&gt;"' in svg
    size = int(svg.split('viewBox="0 0 ')[1].split(" ")[0])
    assert (size - 2 * 4 - 17) % 4 == 0  # a version's 17 + 4v modules, and a quiet zone of 4 on each side
