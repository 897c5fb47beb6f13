"""Classroom pieces without a browser (issue 18): the licence (LICENSE, the bundle's read-me files), the
heat map's colour scale readable in grayscale, and the teachers' plans (sessions that fit, materials)."""

from __future__ import annotations

import sys

import pytest

from conftest import ROOT
from lesson_core.kit.fmt import plain
from lesson_core.kit.svgkit import diverging_rgb

sys.path.insert(0, str(ROOT / "scripts"))
from bundle_readme import readme_texts  # noqa: E402


def luma(rgb) -> float:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b  # what a grayscale printer keeps


def test_licence_file_states_both_licences():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in text and "THE SOFTWARE IS PROVIDED \"AS IS\"" in text
    assert "Permission is hereby granted, free of charge" in text
    assert "Attribution-ShareAlike 4.0 International (CC BY-SA 4.0)" in text
    assert "https://creativecommons.org/licenses/by-sa/4.0/" in text


def test_bundle_readmes_state_the_licence():
    texts = readme_texts("v1.0", "2026-12-01")
    assert set(texts) == {"LEEME.txt", "LEIA-ME.txt"}
    for name, text in texts.items():
        assert "CC BY-SA 4.0" in text and "MIT" in text and "creativecommons.org/licenses/by-sa/4.0" in text, name
    assert "LICENCIA" in texts["LEEME.txt"] and "LICENÇA" in texts["LEIA-ME.txt"]


def test_heat_map_sign_survives_grayscale():
    """Darker as the value grows, everywhere: +1 and -1 (and any two values 0.25 apart) print as
    different greys."""
    values = [i / 20 - 1 for i in range(41)]
    greys = [luma(diverging_rgb(v)) for v in values]
    assert all(a > b for a, b in zip(greys, greys[1:])), greys
    assert greys[0] - greys[-1] >= 150
    assert all(luma(diverging_rgb(v)) - luma(diverging_rgb(v + 0.25)) >= 10 for v in values if v + 0.25 <= 1)
    assert diverging_rgb(5) == diverging_rgb(1) and diverging_rgb(-5) == diverging_rgb(-1)


# --- plans, materials, the teachers' home page ---------------------------------------------

from lesson_core.classroom import teacher  # noqa: E402
from lesson_core.classroom.periods import PERIODS, fit  # noqa: E402


def test_fitting_a_plan_keeps_the_opening_and_closing_and_shares_the_rest_in_proportion():
    a, b, c, d = ({"es": x, "pt": x} for x in "abcd")
    assert fit([(5, a), (10, b), (20, c), (10, d)], 50) == [(5, a), (12, b), (23, c), (10, d)]
    assert fit([(5, a), (10, b), (20, c), (10, d)], 40) == [(5, a), (8, b), (17, c), (10, d)]
    assert fit([(5, a), (10, b), (10, c), (5, d)], 31) == [(5, a), (11, b), (10, c), (5, d)]  # a tie: the earlier
    with pytest.raises(ValueError, match="less than 3 minutes"):
        fit([(20, a), (5, b), (20, d)], 42)
    html = str(teacher.plan_html("turing-1-words", "pt"))
    assert html.count('type="radio"') == len(PERIODS) and html.count("checked") == 1
    assert 'value="45" checked' in html and "Uma aula de 50 minutos" in html and "Quanto dura a sua aula?" in html


@pytest.mark.parametrize("page", sorted(teacher.PLANS))
def test_every_session_fills_one_class_and_names_its_materials(page):
    plans = [teacher.PLANS[page], *teacher.TWO_SESSIONS.get(page, [])]
    for steps in plans:
        rows = teacher.plan_rows(page, steps)
        assert rows[-1][1] == teacher.CLASS_MINUTES and all(b - a >= 3 for a, b, _ in rows)
        for minutes in PERIODS:  # fitted to each period the guide offers: filled, every step kept, none too short
            fitted = teacher.plan_rows(page, steps, minutes)
            assert fitted[-1][1] == minutes and all(b - a >= 3 for a, b, _ in fitted)
            assert [act for _, _, act in fitted] == [act for _, _, act in rows]
    assert teacher.sessions(page) == len(plans) - (1 if len(plans) > 1 else 0)
    materials = " ".join(m["es"] for m in teacher.MATERIALS[page])
    assert "Proyector" in materials and "dispositivo por pareja" in materials.replace("Un dispositivo", "dispositivo")
    for lang in ("es", "pt"):
        html = str(teacher.plan_html(page, lang))
        assert all(m[lang] in html for m in teacher.MATERIALS[page])
        assert html.count("<table") == len(plans) * len(PERIODS)  # every period's plans; CSS shows the chosen one


def test_heavy_chapters_have_two_sessions_and_sheets_with_roots_ask_for_calculators():
    assert set(teacher.TWO_SESSIONS) == {"turing-2-vectors", "turing-3-generation"}
    for page in ("turing-2-vectors", "positional-encoding", "turing-3-generation", "turing-4-scale"):
        assert any("Calculadora" in m["es"] for m in teacher.MATERIALS[page]), page
    for page in ("turing-1-words", "turing-2-vectors", "positional-encoding", "turing-3-generation", "turing-4-scale"):
        assert any("Copias" in m["es"] for m in teacher.MATERIALS[page]), page
    assert set(teacher.ORDER) == set(teacher.PLANS) == set(teacher.MATERIALS) == set(teacher.TITLES)


def test_course_table_counts_the_classes():
    html = str(teacher.course_html("es"))
    assert html.count("<li") == len(teacher.ORDER)
    low, high = len(teacher.ORDER), sum(teacher.sessions(p) for p in teacher.ORDER)
    assert f"de {low} a {high} clases" in html and high > low
    assert 'data-page="turing-2-vectors"><strong>2. Vectores y atención</strong>: 1 clase apretada o 2 clases, con calculadora' in html
    assert 'data-page="turing-1-words"><strong>1. Turing, palabras y tokens</strong>: 1 clase, sin calculadora' in html


def text_of(site, path: str) -> str:
    import re
    html = (site / path / "index.html").read_text(encoding="utf-8")
    return plain(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))  # the Spanish decimal comma's mark left out


def test_guides_say_what_is_true(site):
    """The three statements the review found wrong (issue 18, item 7), as the built pages print them."""
    es, pt = text_of(site, "teacher/turing-3-generation"), text_of(site, "pt/teacher/turing-3-generation")
    assert "el peso w va de 0 a 3,6" in es and "la pérdida pasa de 9 a 17,64" in es
    assert "o peso w vai de 0 para 3,6" in pt and "a perda passa de 9 para 17,64" in pt
    es1, pt1 = text_of(site, "teacher/turing-1-words"), text_of(site, "pt/teacher/turing-1-words")
    assert "si esa frase no está en su corpus" not in es1 and "siempre viene «alfombra»" in es1
    assert "se essa frase não está no corpus" not in pt1 and "sempre vem “tapete”" in pt1
    for path in ("teacher/positional-encoding", "pt/teacher/positional-encoding"):
        text = text_of(site, path)
        assert "máscara causal" in text and ("Sin máscara" in text or "Sem máscara" in text), path


@pytest.mark.parametrize("path,words", [
    ("teacher", ["Tiempo por capítulo", "Qué preparar", "Copia sin conexión", "Windows", "macOS", "ChromeOS", "Linux",
                 "CC BY-SA 4.0", "MIT", "aula-offline.zip", "El curso completo"]),
    ("pt/teacher", ["Tempo por capítulo", "O que preparar", "Cópia offline", "Windows", "macOS", "ChromeOS", "Linux",
                    "CC BY-SA 4.0", "MIT", "aula-offline.zip", "O curso completo"])])
def test_teachers_home_page(site, path, words):
    text = text_of(site, path)
    for w in words:
        assert w in text, w
    html = (site / path / "index.html").read_text(encoding="utf-8")
    for chapter in ("turing-1-words", "turing-2-vectors", "positional-encoding", "turing-3-generation", "turing-4-scale"):
        assert f'href="class/{chapter}/"' in html, chapter
