"""`python -m lesson_core new-lesson NAME` in a copy of the project: the new lesson builds with
--strict in both languages, sits in the nav, and its generated tests pass."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from bs4 import BeautifulSoup

from lesson_core.kit.fmt import plain
from lesson_core.scaffold import add_to_nav, new_lesson
from mini_project import mini_project, mkdocs_build


def test_nav_entry_goes_after_the_last_lesson():
    config = ("site_name: x\n\nnav:\n  - index.md\n  # later\n  - a.md\n  - Docentes:\n    - t/a.md\n"
              "\nplugins:\n  - search\n")
    assert add_to_nav(config, "b.md") == config.replace("  - a.md\n", "  - a.md\n  - b.md\n")


def test_refuses_bad_names_and_overwriting(tmp_path):
    with pytest.raises(ValueError, match="no mkdocs.yml"):
        new_lesson("softmax", tmp_path)
    (tmp_path / "mkdocs.yml").write_text("nav:\n  - index.md\n")
    for bad in ("Softmax", "soft_max", "-x", "a--b", ""):
        with pytest.raises(ValueError, match="lowercase"):
            new_lesson(bad, tmp_path)
    new_lesson("softmax", tmp_path)
    with pytest.raises(ValueError, match="not overwriting"):
        new_lesson("softmax", tmp_path)


@pytest.mark.slow
def test_new_lesson_builds_and_its_tests_pass(tmp_path):
    top = mini_project(tmp_path)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run([sys.executable, "-m", "lesson_core", "new-lesson", "softmax-temp"], cwd=top,
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    tests = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "tests/test_softmax_temp.py"], cwd=top, capture_output=True, text=True, env=env)
    assert tests.returncode == 0 and "3 passed" in tests.stdout, tests.stdout[-2000:]
    build = mkdocs_build(top)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    for prefix, lang in (("", "es"), ("pt/", "pt-BR")):
        doc = BeautifulSoup((top / "site" / prefix / "softmax-temp" / "index.html").read_text(encoding="utf-8"),
                            "html.parser")
        assert doc.html["lang"] == lang
        assert doc.select('.aula-widget[data-widget="softmax_temp_example"] script.aula-pre')
        home = BeautifulSoup((top / "site" / prefix / "index.html").read_text(encoding="utf-8"), "html.parser")
        assert home.select_one('nav.md-nav a[href$="softmax-temp/"]')         # in the sidebar
        assert "1,0" in plain(doc.select_one("article").get_text())                    # value(): the double of 0,5


MISTAKES = [  # (the scaffold's text, what the author writes instead, a mark of the line named, the message)
    ('"pt": f"O dobro de {fmt(x, lang, 1)} é {fmt(y, lang, 1)}."',
     '"pt": f"El doble de {fmt(x, lang, 1)} es {fmt(y, lang, 1)} y la barra lo muestra."', "y la barra lo muestra",
     r"the Portuguese text \(\"pt\"\) reads as Spanish: 'El doble de \{…\} es \{…\} y la barra lo muestra.'"),
    ("return svg(W, H, bar, label, label=caption)", "return svg(900, H, bar, label, label=caption)", "@widget(",
     r"widget 'softmax_temp_example': part 'main': a figure 900 units wide, more than the 264"),
    ('{"es": "Número x", "pt": "Número x"}', '{"es": "Número <b>x</b>", "pt": "Número x"}', "Número <b>x</b>",
     r"widget 'softmax_temp_example': the label of Range 'x' holds markup \(<b>\)"),
]


@pytest.mark.slow
def test_the_hints_check_command_catches_the_silent_mistakes(tmp_path):
    """The scaffold's hint names one command; it passes on the new lesson as written (its tests
    included) and names each of the three mistakes the build used to let through, at its line."""
    top = mini_project(tmp_path)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    made = subprocess.run([sys.executable, "-m", "lesson_core", "new-lesson", "softmax-temp"], cwd=top,
                          capture_output=True, text=True, env=env)
    assert made.returncode == 0, made.stderr
    (hint,) = re.findall(r"`\.venv/bin/python (-m lesson_core check softmax-temp)`", made.stdout)

    def check() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, *hint.split()], cwd=top, capture_output=True, text=True, env=env)

    clean = check()
    assert clean.returncode == 0, clean.stdout[-3000:] + clean.stderr[-3000:]
    assert "no author mistake found in softmax-temp" in clean.stdout and "3 passed" in clean.stdout, clean.stdout
    module = top / "lesson_core" / "widgets" / "softmax_temp.py"
    written = module.read_text(encoding="utf-8")
    for before, after, marker, expect in MISTAKES:
        assert before in written, before
        planted = written.replace(before, after)
        line = next(i for i, text in enumerate(planted.splitlines(), 1) if marker in text)
        module.write_text(planted, encoding="utf-8")
        try:
            out = check()
        finally:
            module.write_text(written, encoding="utf-8")
        assert out.returncode == 1, out.stdout[-3000:]
        assert re.search(rf"^lesson_core/widgets/softmax_temp.py:{line}: {expect}", out.stdout, re.M), out.stdout[-3000:]
        assert "1 author mistake in softmax-temp" in out.stdout, out.stdout[-3000:]
