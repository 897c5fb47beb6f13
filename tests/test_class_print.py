"""The class set on paper and the plan's period (issue 27), from Chromium's PDF (read with PDFium,
conftest.pdf_texts) and its print layout:

- the sheets' job opens with a cover page: the chapter, a group line, the guide's curriculum box and
  the lesson's QR code (decoded back to its address by zbarimg);
- every student sheet has a group line, no frame, and writing room shared among its exercises by
  what each asks (worksheets.space), filling its page;
- the key packet starts on page 1 (A4 and Letter);
- the guide's plan follows the period the teacher picks (40, 45, 50 or 60 minutes), on screen and in
  print, and the choice opens the next guide.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from conftest import pdf_texts
from lesson_core.classroom import curriculum as cm
from lesson_core.classroom.periods import PERIODS

pytestmark = [pytest.mark.browser]

CLASS = {"es": "teacher/class/turing-2-vectors/", "pt": "pt/teacher/class/turing-2-vectors/"}
KEY = {"es": "Clave de respuestas", "pt": "Gabarito"}
NAME = {"es": "Nombre:", "pt": "Nome:"}
GROUP = {"es": "Grupo:", "pt": "Turma:"}
# A4's printable box at 96 px/inch with aula.css's @page margins (14 mm top and bottom, 12 mm sides)
A4_BOX = {"width": round((210 - 24) / 25.4 * 96), "height": round((297 - 28) / 25.4 * 96)}


def pdf_pages(pg, fmt: str = "A4") -> list[str]:
    pg.emulate_media(media="print")
    return pdf_texts(pg.pdf(format=fmt, print_background=True))


def prepare(pg, size: int) -> None:
    pg.fill("[data-aula-class-size]", str(size))
    pg.click(".aula-class-form button[type=submit]")


def lesson_address(pg) -> str:
    """The chapter's address on the published site (site_url), from the class set's canonical link."""
    return pg.locator('link[rel="canonical"]').get_attribute("href").replace("teacher/class/", "")


def opened(pg) -> None:
    """The class set's boxes open, to lay out on screen as they print."""
    pg.evaluate("document.querySelectorAll('.aula-class-set details').forEach(d => d.open = true)")


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_sheets_open_with_a_cover_then_one_sheet_per_student_with_a_group_line(page, server, lang):
    page.goto(server + CLASS[lang])
    prepare(page, 5)
    pages = pdf_pages(page)
    assert len(pages) == 6, len(pages)
    cover = re.sub(r"\s+", " ", pages[0])
    assert NAME[lang] not in cover and GROUP[lang] in cover
    codes = [m.code for fw in cm.FOR_LANG[lang] for m in cm.meets_of("turing-2-vectors", fw)]
    names = [cm.BNCC[c][:30] if c in cm.BNCC else cm.UNESCO[c][2] for c in codes]
    assert codes and all(n in cover for n in names), (names, cover[:300])
    assert lesson_address(page) in cover.replace(" ", "")  # the QR's address beside it
    for text in pages[1:]:
        assert text.lstrip().startswith(NAME[lang]) and GROUP[lang] in text.split("\n")[0]


@pytest.mark.skipif(not shutil.which("zbarimg"), reason="zbarimg (Debian zbar-tools) is not installed")
def test_the_cover_s_code_decodes_to_the_lesson_in_print(page, server, tmp_path):
    page.goto(server + CLASS["pt"])
    opened(page)
    page.emulate_media(media="print")
    code = page.locator(".aula-class-cover svg.aula-qr")
    path = tmp_path / "cover.png"
    path.write_bytes(code.screenshot())
    proc = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == [lesson_address(page)]


@pytest.mark.parametrize("lang,fmt", [("es", "A4"), ("es", "Letter"), ("pt", "A4")])
def test_the_key_packet_starts_on_page_one(page, server, lang, fmt):
    page.goto(server + CLASS[lang])
    prepare(page, 32)
    page.evaluate("document.documentElement.classList.add('aula-print-packet')")
    pages = pdf_pages(page, fmt)
    assert pages[0].lstrip().startswith(KEY[lang]), pages[0][:80]
    assert all(KEY[lang] in text for text in pages)  # no blank page anywhere


def test_a_student_sheet_has_no_frame(page, server):
    page.goto(server + CLASS["es"])
    prepare(page, 2)
    opened(page)
    page.emulate_media(media="print")
    framed = page.evaluate("""() => {
      const out = [];
      for (let e = document.querySelector('.aula-class-print .aula-class-copy'); e; e = e.parentElement) {
        const s = getComputedStyle(e);
        const widths = ['Top', 'Right', 'Bottom', 'Left'].map(k => parseFloat(s['border' + k + 'Width']) *
                                                           (s['border' + k + 'Style'] === 'none' ? 0 : 1));
        if (widths.some(w => w > 0) || s.boxShadow !== 'none') out.push(e.tagName + '.' + e.className);
      }
      return out;
    }""")
    assert framed == []


@pytest.mark.parametrize("path", [CLASS["es"], "pt/teacher/class/turing-3-generation/"])
def test_writing_room_is_shared_by_what_each_exercise_asks_and_fills_the_page(page, server, path):
    page.set_viewport_size(A4_BOX)
    page.goto(server + path)
    prepare(page, 3)
    opened(page)
    page.emulate_media(media="print")
    sheets = page.evaluate("""() => [...document.querySelectorAll('.aula-class-print .aula-class-copy')].map(c => ({
      height: c.getBoundingClientRect().height,
      bottom: c.getBoundingClientRect().bottom,
      items: [...c.querySelectorAll('.aula-ws-item')].map(li => ({
        units: Number(li.dataset.space),
        room: li.getBoundingClientRect().bottom - li.querySelector('.aula-ws-space').getBoundingClientRect().top,
        bottom: li.getBoundingClientRect().bottom}))}))""")
    assert len(sheets) == 3
    for sheet in sheets:
        assert sheet["height"] > 0.95 * A4_BOX["height"]  # a page each
        per_unit = [it["room"] / it["units"] for it in sheet["items"]]
        assert min(per_unit) > 15 and max(per_unit) < 1.15 * min(per_unit), sheet["items"]  # even, by what each asks
        assert sheet["bottom"] - sheet["items"][-1]["bottom"] < 20  # no empty tail under the last exercise
        assert len({it["units"] for it in sheet["items"]}) > 1  # sized to each item, not one size for all


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_the_plan_follows_the_period_the_teacher_picks(page, server, lang):
    page.goto(server + ("pt/" if lang == "pt" else "") + "teacher/turing-2-vectors/")
    plan = page.locator(".aula-period").first
    shown = "el => [...el.querySelectorAll('.aula-period-plan')].filter(p => p.offsetParent).map(p => p.dataset.minutes)"
    assert set(plan.evaluate(shown)) == {"45"}  # the default, without any script
    for minutes in PERIODS:
        plan.locator(f'label[for$="-{minutes}"]').click()
        assert set(plan.evaluate(shown)) == {str(minutes)}
        last = plan.locator(f'.aula-period-plan[data-minutes="{minutes}"] tbody tr:last-child td').first.inner_text()
        assert last.endswith(f"–{minutes}"), last
    plan.locator('label[for$="-50"]').click()
    page.goto(server + ("pt/" if lang == "pt" else "") + "teacher/turing-3-generation/")  # another guide
    plan = page.locator(".aula-period").first
    assert set(plan.evaluate(shown)) == {"50"}  # the teacher's choice, kept on the device
    text = " ".join(pdf_pages(page))
    assert ("Una clase de 50 minutos" if lang == "es" else "Uma aula de 50 minutos") in text
    assert ("Una clase de 45 minutos" if lang == "es" else "Uma aula de 45 minutos") not in text
