"""One search index per language, so results stay in the reader's language.

mkdocs-static-i18n writes a single index with every language; Portuguese pages
live under ``pt/``. The Spanish index keeps the rest; the Portuguese one gets the
``pt/`` entries with locations relative to ``pt/`` (overrides/main.html points
Portuguese pages' search at ``pt/``). For the offline bundle each index is also
written as ``search_index.js``, which Material loads with a script tag on file://.
"""

from __future__ import annotations

import json
from pathlib import Path

from lesson_core.kit.fmt import plain


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
    es, pt = _unique(es), _unique(pt)
    for folder, entries, lang in ((root / "search", es, "es"), (root / "pt" / "search", pt, "pt")):
        folder.mkdir(parents=True, exist_ok=True)
        # no decimal marks (U+2060, lesson_core.kit.fmt) in what search matches and shows
        text = plain(json.dumps({"config": {**data["config"], "lang": [lang]}, "docs": entries}, ensure_ascii=False))
        (folder / "search_index.json").write_text(text, encoding="utf-8")
        if offline:
            (folder / "search_index.js").write_text(f"var __index = {text}", encoding="utf-8")
