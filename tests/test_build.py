"""Build test: `mkdocs build --strict` for both languages; no macro error, no unrendered
`{{`, no broken internal link, no outside resource; an author's macro mistake stops
the build naming the file, the line and the macro."""

from __future__ import annotations

import ast
import io
import json
import zipfile
import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest
from bs4 import BeautifulSoup

from conftest import ROOT, soup
from lesson_core.kit.fmt import fmt
from macros.runtime import BUILD_ONLY, browser_module, lesson_core_zip

pytestmark = pytest.mark.slow

LESSON_WIDGETS = {"pe_raw_vs_wave", "pe_heatmap", "pe_fingerprint", "pe_ambiguity", "pe_sum", "pe_rotation",
                  "quiz_pe_shuffle", "quiz_pe_distance"}


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_both_languages_are_built(site):
    for prefix, lang in (("", "es"), ("pt/", "pt-BR")):
        for page in ("index.html", "positional-encoding/index.html"):
            doc = soup(site / prefix / page)
            assert doc.html["lang"] == lang, prefix + page


def test_no_unrendered_macro_or_formula(site):
    for path in pages(site):
        doc = soup(path)
        article = doc.find("article") or doc
        text = article.get_text()
        assert "{{" not in text and "{%" not in text, path
        assert "Macro Rendering Error" not in text, path
        assert not article.select(".arithmatex"), path  # every formula became MathML
        assert "\\(" not in text.replace("\\(\\", ""), path


def test_lesson_has_every_widget_and_formula(site):
    for prefix in ("", "pt/"):
        doc = soup(site / prefix / "positional-encoding/index.html")
        found = {w["data-widget"] for w in doc.select(".aula-widget")}
        assert found == LESSON_WIDGETS
        assert len(doc.select(".aula-math math")) >= 3
        for w in doc.select(".aula-widget"):
            for part in w.select(".aula-part"):
                assert part.decode_contents().strip(), (w["data-widget"], part["data-part"])
            pre = w.select_one("script.aula-pre")
            if pre is not None:
                assert json.loads(pre.string)


def _targets(doc: BeautifulSoup):
    for tag, attr in (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"), ("image", "href")):
        for el in doc.find_all(tag):
            if tag == "link" and "canonical" in (el.get("rel") or []):
                continue  # an address, not something the browser loads
            if el.get(attr):
                yield tag, el[attr]


def test_no_broken_internal_link_and_nothing_from_outside(site):
    broken, outside = [], []
    for path in pages(site):
        doc = soup(path)
        for tag, ref in _targets(doc):
            base = "file://" + str(path)
            url = urlparse(ref)
            if url.scheme in ("http", "https") or ref.startswith("//"):
                # plain links to the world are fine in prose; resources from outside are not
                if tag != "a":
                    outside.append((path, ref))
                continue
            if url.scheme in ("data", "mailto", "blob") or ref.startswith("#"):
                continue
            if ref.startswith("/"):
                # root-relative (only the 404 page, which GitHub Pages serves at any path)
                assert ref.startswith("/aula/"), (path, ref)
                ref = str(site) + "/" + ref[len("/aula/"):]
                base = "file://"
            target = Path(unquote(urlparse(urljoin(base, ref)).path))
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append((str(path.relative_to(site)), ref))
    assert not broken, broken[:10]
    assert not outside, outside[:10]


def _core_imports(path: Path) -> set[str]:
    """The lesson_core modules one source file imports (relative imports resolved), as zip paths' stems."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    package = parts[:-1]  # a module's package; an __init__'s is itself
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else ()
            mod = base + tuple((node.module or "").split(".")) if node.module else base
            if mod and mod[0] == "lesson_core":
                found.add("/".join(mod))
                found.update("/".join(mod + (alias.name,)) for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name.replace(".", "/") for a in node.names if a.name.startswith("lesson_core"))
    return found


def test_the_browser_gets_every_module_it_imports():
    """The build-only modules left out of the browser's zip (macros/runtime.py BUILD_ONLY) are imported
    by no module the browser gets, at the top or inside a function."""
    shipped = [p for p in sorted((ROOT / "lesson_core").rglob("*.py"))
               if browser_module(p.relative_to(ROOT).as_posix())]
    left_out = [p for p in (ROOT / "lesson_core").rglob("*.py") if not browser_module(p.relative_to(ROOT).as_posix())]
    assert len(left_out) >= len(BUILD_ONLY)
    stems = {p.relative_to(ROOT).with_suffix("").as_posix().removesuffix("/__init__") for p in left_out}
    bad = [(p.relative_to(ROOT).as_posix(), m) for p in shipped for m in _core_imports(p) if m in stems]
    assert not bad, bad
    names = zipfile.ZipFile(io.BytesIO(lesson_core_zip())).namelist()
    assert len(names) == len(shipped) and not [n for n in names if not browser_module(n)]


def test_runtime_is_vendored_under_versioned_names(site):
    html = (site / "positional-encoding" / "index.html").read_text(encoding="utf-8")
    meta = BeautifulSoup(html, "html.parser").find("meta", attrs={"name": "aula-runtime-http"})
    runtime = json.loads(meta["content"])
    aula = site / "assets" / "aula"
    pyodide_dir = (aula / runtime["dir"]).resolve()
    assert re.fullmatch(r"pyodide-[0-9a-f]{10}", pyodide_dir.name)
    assert [p.name for p in (site / "assets").glob("pyodide*")] == [pyodide_dir.name]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (pyodide_dir / name).stat().st_size > 0
    assert re.fullmatch(r"lesson_core-[0-9a-f]{10}\.zip", runtime["core"]) and (aula / runtime["core"]).exists()
    assert (aula / runtime["worker"].split("?")[0]).exists()
    # the trimmed standard library: a fraction of Pyodide's, and no package in the lock file
    full = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    assert (pyodide_dir / "python_stdlib.zip").stat().st_size < full.stat().st_size / 2
    assert json.loads((pyodide_dir / "pyodide-lock.json").read_text())["packages"] == {}
    assert runtime["wire"] <= 6e6 and runtime["size"]["es"] == fmt(round(runtime["wire"] / 1e6, 1), "es", 1)
    # the real model's data leaves lesson_core: one zip per language, fetched by real-model pages only
    import zipfile
    names = lambda path: sorted(zipfile.ZipFile(path).namelist())  # noqa: E731
    assert not [n for n in names(aula / runtime["core"]) if re.search(r"model/(tensors|ngram)_", n)]
    for lang in ("es", "pt"):
        assert names(aula / runtime["models"][lang]) == [f"lesson_core/model/ngram_{lang}.pyc",
                                                         f"lesson_core/model/tensors_{lang}.pyc"]
    assert {"rm_next", "rm_generate", "rm_compare"} <= set(runtime["model_widgets"])
    assert not {"pe_heatmap", "next_token"} & set(runtime["model_widgets"])


def test_the_runtime_lengths_the_worker_checks_are_the_files_it_fetches(site):
    """Every page tells the worker each runtime file's exact byte length (macros/runtime.py "lengths",
    checked against each body by worker/http.js): they are the built files' sizes, and every file the
    worker can fetch is listed (Pyodide's directory, lesson_core, the real model's data, the snapshot)."""
    assets = site / "assets"
    fetched = {p.name: p.stat().st_size for p in [*assets.glob("pyodide-*/*"), *assets.glob("aula/lesson_core-*.zip"),
                                                  *assets.glob("aula/model-*.zip"), *assets.glob("aula/*.snapshot.gz")]}
    assert {"pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"} <= set(fetched)
    assert len([n for n in fetched if n.startswith("model-")]) == 2
    for page in ("positional-encoding/index.html", "pt/real-model/index.html", "index.html"):
        meta = BeautifulSoup((site / page).read_text(encoding="utf-8"), "html.parser").find(
            "meta", attrs={"name": "aula-runtime-http"})
        lengths = json.loads(meta["content"])["lengths"]
        assert lengths == fetched, page
        assert all(isinstance(v, int) and v > 0 for v in lengths.values())


def test_search_index_per_language(site):
    es = json.loads((site / "search" / "search_index.json").read_text())
    pt = json.loads((site / "pt" / "search" / "search_index.json").read_text())
    assert es["docs"] and pt["docs"]
    assert not any(d["location"].startswith("pt/") for d in es["docs"])
    assert any("posição" in d["text"] for d in pt["docs"])
    assert not any("posição" in d["text"] for d in es["docs"])
