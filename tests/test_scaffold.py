"""`python -m lesson_core new-lesson NAME` in a copy of the project: the new lesson builds with
--strict in both languages, sits in the nav, and its generated tests pass."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from bs4 import BeautifulSoup

from lesson_core.kit.fmt import plain
from lesson_core.scaffold import add_to_nav, new_lesson
from test_authoring import mini_project, mkdocs_build


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
