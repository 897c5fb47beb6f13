"""One search index per language, so results stay in the reader's language.

mkdocs-static-i18n writes a single index with every language; Portuguese pages
live under ``pt/``. The Spanish index keeps the rest; the Portuguese one gets the
``pt/`` entries with locations relative to ``pt/`` (overrides/main.html points
Portuguese pages' search at ``pt/``). For the offline bundle each index is also
written as ``search_index.js``, which Material loads with a script tag on file://.

Each section's text is then read again from the built page, as a reader sees it (issue 31): Material's
parser lets text out of a ``data-search-exclude`` block nested in another and keeps MathML's TeX
annotation, so the index showed widget tables and ``0{,}1``. Here any excluded subtree, SVG and TeX are
dropped before Material's own parser splits the page into sections. Spanish decimal commas lose fmt's
mark (a search for «0,5» finds «0,5»); numbers.js writes the results' decimals in the reader's convention
(in Spanish prose a comma between digits is always a decimal: thousands are a thin space). Words with
accents also go into the text unaccented, hidden, so «atencion» finds «atención»; teacher pages and
worksheets get a low boost, so lessons come first.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from html.parser import HTMLParser
from pathlib import Path

from material.plugins.search.plugin import Parser

from macros.memo import by_text

# what a reader does not read as prose: the page's figures and widgets, MathML's TeX source
DROP = {"svg", "annotation", "annotation-xml", "script", "style", "template", "noscript"}
# a cell or block boundary reads as a space ("1." and "27–37" in two cells are not "1.27–37")
SPACED = {"td", "th", "tr", "caption", "div", "dt", "dd", "figcaption", "br"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# teacher guides and worksheets below the lessons (Material's per-document search boost)
TEACHER = ("teacher/", "worksheets/")
TEACHER_BOOST = 1e-6  # below any lesson that matches at all: a title match is worth 1000 times a word
ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">(.*)</article>', re.S)
WORD = re.compile(r"[^\W\d_]+")
MARK = "\u2060"  # fmt's mark on a Spanish decimal comma: out of the index, where it would split a number a reader types


class _Visible(HTMLParser):
    """The HTML with what a reader does not read removed: any subtree marked ``data-search-exclude``
    (at any depth), and the DROP elements.

    >>> v = _Visible(); v.feed('<p>a<span data-search-exclude><span data-search-exclude>b</span>c</span>d</p>')
    >>> "".join(v.out)
    '<p>ad</p>'
    """

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skipping: str | None = None  # the tag of the dropped subtree's root
        self.depth = 0  # how deep in elements of that tag, inside it

    def handle_starttag(self, tag, attrs):
        if self.skipping:
            if tag == self.skipping:
                self.depth += 1
            return
        if tag not in VOID and (tag in DROP or any(k == "data-search-exclude" for k, _ in attrs)):
            self.skipping, self.depth = tag, 1
            return
        shown = "".join(f' {k}="{html.escape(v or "")}"' for k, v in attrs)
        self.out.append(f"<{tag}{shown}>" + (" " if tag == "br" else ""))

    def handle_startendtag(self, tag, attrs):
        if not self.skipping and tag not in DROP:
            self.out.append(f"<{tag}>")

    def handle_endtag(self, tag):
        if self.skipping:
            if tag == self.skipping:
                self.depth -= 1
                if not self.depth:
                    self.skipping = None
            return
        self.out.append(f"</{tag}>" + (" " if tag in SPACED else ""))

    def handle_data(self, data):
        if not self.skipping:
            self.out.append(html.escape(data, quote=False))


@by_text()
def sections(page_html: str) -> dict[str, str]:
    """A built page's search sections as Material writes them, from what a reader reads:
    {heading id ("" for the part before the first one): text}. Shared: read it, do not change it."""
    found = ARTICLE.search(page_html)
    visible = _Visible()
    visible.feed(found.group(1) if found else "")
    visible.close()
    parser = Parser()
    parser.feed("".join(visible.out))
    parser.close()
    return {s.id or "": "".join(s.text).strip() for s in parser.data if not s.is_excluded()}


def fold(word: str) -> str:
    """«Atención» -> «Atencion», «niño» -> «nino», «ação» -> «acao»."""
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def with_folded(title: str, text: str) -> str:
    """The text, with its and the title's accented words also unaccented in a hidden span that search
    matches and no one sees."""
    words = dict.fromkeys(fold(w).lower() for w in WORD.findall(html.unescape(re.sub(r"<[^>]+>", " ", title + " " + text)))
                          if fold(w) != w)
    return text + (f'<span hidden>{" ".join(words)}</span>' if words else "")


def _page_file(root: Path, location: str) -> Path:
    path = location.split("#", 1)[0]
    return root / (path if path.endswith(".html") else path + "index.html")


def reread(root: Path, docs: list[dict]) -> list[dict]:
    """Every entry's text from its built page (`sections`), accents folded beside it, teacher pages
    boosted down. `root` is where the entries' locations start."""
    pages: dict[Path, dict[str, str]] = {}
    out = []
    for doc in docs:
        file = _page_file(root, doc["location"])
        if file not in pages:
            pages[file] = sections(file.read_text(encoding="utf-8")) if file.is_file() else {}
        anchor = doc["location"].split("#", 1)[1] if "#" in doc["location"] else ""
        text = pages[file].get(anchor, doc["text"])
        title = doc["title"].replace(MARK, "")
        entry = {**doc, "title": title, "text": with_folded(title, text.replace(MARK, ""))}
        if doc["location"].startswith(TEACHER):
            entry["boost"] = TEACHER_BOOST
        out.append(entry)
    return out


def _unique(entries: list[dict]) -> list[dict]:
    """Each entry once: under `mkdocs serve` the i18n plugin can hand the same page's sections over
    twice (a fresh server's first build lists every one twice)."""
    seen, out = set(), []
    for entry in entries:
        key = json.dumps(entry, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(entry)
    return out


def split_search_index(root: Path, offline: bool) -> None:
    index = root / "search" / "search_index.json"
    if not index.exists() or not (root / "pt").is_dir():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    docs = data["docs"]
    pt = [{**d, "location": d["location"][3:]} for d in docs if d["location"].startswith("pt/")]
    if not pt:
        return  # already split (the hook may run once per language)
    es = [d for d in docs if not d["location"].startswith("pt/")]
    es, pt = reread(root, _unique(es)), reread(root / "pt", _unique(pt))
    for folder, entries, lang in ((root / "search", es, "es"), (root / "pt" / "search", pt, "pt")):
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"config": {**data["config"], "lang": [lang]}, "docs": entries}, ensure_ascii=False)
        (folder / "search_index.json").write_text(text, encoding="utf-8")
        if offline:
            (folder / "search_index.js").write_text(f"var __index = {text}", encoding="utf-8")
