"""Aula as an installable web app that a reader saves for offline use (issue 26), written after the build.

:func:`write` (finish.py ``site``; not for the file:// bundle nor under ``mkdocs serve``) adds to a
built site:

- the icons (macros/icons.py) and one web app manifest per language, ``manifest.webmanifest`` and
  ``pt/manifest.webmanifest`` (every page links its language's, overrides/main.html); every address
  in them is relative to the manifest, so the site works under any sub-path;
- each page's ``<meta name="aula-offline">`` filled with what the save control says (its sizes and
  messages, lesson_core/kit/offline.py), and the sizes the teachers' page quotes (the macro
  ``offline_size``, macros/main.py, leaves a marker here);
- ``sw.js``, the service worker (overrides/bridge/sw/main.js, bundled by macros/jsbundle.py), led
  by its data: the build's version, every file it may store with its SHA-256 and size, and the save
  groups (lesson_core/kit/offline.py ``groups``), as pages, files every page of a language needs
  and the live-Python runtime, which the worker expands the same way.

Example: after ``write(site)``, ``site/sw.js`` begins ``self.AULA_SW = {"version": "3f9a…", …};``.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path, PurePosixPath

from lesson_core.kit import offline
from lesson_core.kit.fmt import tr
from macros import icons, jsbundle, runtime

__all__ = ["write", "marker", "META", "collect"]

META = '<meta name="aula-offline" content="">'
_SIZE = re.compile(r'<span class="aula-offline-size" data-which="(\w+)">[^<]*</span>')
_REF = re.compile(r'\b(?:src|href|data-src)="([^"#?:]+)')
_TITLE = re.compile(r"<title>([^<]*)</title>")
LANGS = {"es": "es", "pt": "pt-BR"}
THEME = "#00695c"  # --md-primary-fg-color (overrides/assets/aula/aula.css)
# never stored: the worker itself, source maps, the sitemap, the build's stamp, the 404 pages
_SKIP = re.compile(r"^(sw\.js|aula-inputs\.json|sitemap\.xml(\.gz)?|(pt/)?404\.html)$|\.map$|^assets/aula/offline/")


WHICH = ("all", "chapter_min", "chapter_max", "all_stored")


def marker(which: str) -> str:
    """What the macro ``offline_size`` leaves on a page: ``which`` is one of :data:`WHICH`, in the
    page's language: what saving every lesson, the smallest or the largest lesson downloads (gzip, as
    GitHub Pages sends it), or what every lesson takes on the device; :func:`write` puts the size in."""
    if which not in WHICH:
        raise ValueError(f"offline_size: {which!r} is not one of {', '.join(WHICH)}")
    return f'<span class="aula-offline-size" data-which="{which}">…</span>'


def _lang(path: str) -> str:
    return "pt" if path.startswith("pt/") else "es"


def _manifest(lang: str) -> dict:
    up = tr(lang, {"es": "", "pt": "../"})  # the Portuguese manifest lives in pt/; the scope is the whole site
    return {
        "name": tr(lang, offline.APP["name"]), "short_name": tr(lang, offline.APP["short_name"]),
        "lang": tr(lang, LANGS), "dir": "ltr", "id": "./", "start_url": "./", "scope": up or "./",
        "display": "standalone", "theme_color": THEME, "background_color": THEME,
        "icons": [{"src": up + path, "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": "maskable" if mask else "any"} for path, (size, mask) in icons.ICONS.items()],
    }


def _refs(root: Path, path: str, text: str, files: set[str]) -> list[str]:
    """The site's files a page refers to (not other pages): stylesheets, scripts, images."""
    base = PurePosixPath(path).parent
    found = set()
    for ref in _REF.findall(text):
        parts = []
        for part in (base / ref).parts:
            if part == "..":
                if parts:
                    parts.pop()
            elif part != ".":
                parts.append(part)
        target = "/".join(parts)
        if target.startswith("assets/aula/grids/") or target in files and not target.endswith(".html"):
            found.add(target)
    grids = {"assets/aula/" + g for g in re.findall(r'data-src="(grids/[0-9a-f]+\.js)"', text)}
    return sorted((found | grids) & files)


def collect(root: Path) -> dict:
    """What the worker and the pages need to know, from the built site at ``root``."""
    files = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    files = {f for f in files if not _SKIP.search(f)}
    pages, titles = {}, {}
    for path in sorted(f for f in files if f.endswith(".html")):
        text = (root / path).read_text(encoding="utf-8")
        pages[path] = (_lang(path), _refs(root, path, text, files))
        found = _TITLE.search(text)
        titles[path] = html.unescape(found.group(1)) if found else path
    shared, runtime = {}, {}
    for lang, prefix in (("es", ""), ("pt", "pt/")):
        shared[lang] = sorted(f for f in files if (
            re.match(r"assets/(stylesheets|images|vendor)/|assets/javascripts/(bundle|workers/)", f)
            or re.match(rf"assets/javascripts/lunr/min/lunr\.({lang}|stemmer\.support|multi)\.min\.js$", f)
            or re.match(r"assets/aula/(?!lesson_core-|model-|py-worker|grids/)", f)  # grids: their pages' own
            or f in (prefix + "search/search_index.json", prefix + "manifest.webmanifest", prefix + "index.html")))
        runtime[lang] = sorted(f for f in files if re.match(
            rf"assets/pyodide-[0-9a-f]+/|assets/aula/(lesson_core-[0-9a-f]+\.zip|model-{lang}-[0-9a-f]+\.zip|py-worker\.mjs)$", f))
    return {"files": files, "pages": pages, "titles": titles, "shared": shared, "runtime": runtime}


def _groups(found: dict) -> dict[str, list[str]]:
    out = {}
    for lang in ("es", "pt"):
        pages = {p: v for p, v in found["pages"].items() if v[0] == lang}
        out.update(offline.groups(pages, {lang: tr(lang, found["shared"])}, tr(lang, found["runtime"])))
    return out


def _chapters(root: Path, found: dict, lang: str) -> list[str]:
    """A language's lesson pages: top-level pages with widgets."""
    return [p for p, (lng, _) in found["pages"].items() if lng == lang
            and not re.match(r"(pt/)?(teacher|worksheets)/", p)
            and 'class="aula-widget' in (root / p).read_text(encoding="utf-8")]


def _fill_pages(root: Path, found: dict, groups: dict, sizes: dict, wire: dict) -> None:
    size = {g: offline.group_bytes(files, wire) for g, files in groups.items()}
    chapters = {lang: [size["page:" + p] for p in _chapters(root, found, lang)] or [0] for lang in ("es", "pt")}
    for path, (lang, _) in found["pages"].items():
        target = root / path
        text = target.read_text(encoding="utf-8")
        values = {"all": size["all:" + lang], "chapter_min": min(tr(lang, chapters)), "chapter_max": max(tr(lang, chapters)),
                  "all_stored": offline.group_bytes(groups["all:" + lang], sizes)}
        done = _SIZE.sub(lambda m: m.group(0) if not m.group(0).endswith(">…</span>") else  # filled once, as the meta
                         f'<span class="aula-offline-size" data-which="{m.group(1)}">'
                         f'{offline.size_text(values[m.group(1)], lang)}</span>', text)
        meta = {"page": path, "lang": lang, "all": "all:" + lang, "msgs": offline.messages(lang),
                "page_label": tr(lang, offline.MESSAGES["save_page"]).format(
                    size=offline.size_text(size["page:" + path], lang)),
                "all_label": tr(lang, offline.MESSAGES["save_all"]).format(
                    size=offline.size_text(size["all:" + lang], lang))}
        content = html.escape(json.dumps(meta, ensure_ascii=False, separators=(",", ":")), quote=True)
        done = done.replace(META, META.replace('content=""', f'content="{content}"'), 1)
        if done != text:
            target.write_text(done, encoding="utf-8")


def _offline_page(lang: str) -> str:
    """The page the worker answers with for a page not saved, offline: {list} is where it puts the
    saved pages' links."""
    t = lambda key: html.escape(tr(lang, offline.MESSAGES[key]))  # noqa: E731
    return (f'<!doctype html><html lang="{tr(lang, LANGS)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            '<meta name="color-scheme" content="light dark">'
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'none'; "
            "style-src 'unsafe-inline'\">"
            f"<title>{t('offline_title')} · Aula</title></head>"
            '<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:auto;padding:1rem;line-height:1.5">'
            f'<h1>{t("offline_title")}</h1><p>{t("offline_text")}</p><ul class="aula-saved">{{list}}</ul>'
            f'<p class="aula-saved-none">{t("offline_none")}</p></body></html>')


def write(root: Path) -> dict:
    """Icons, manifests, the pages' save data and sw.js into the built site at ``root``; returns
    the worker's data."""
    for path, (size, mask) in icons.ICONS.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(icons.png(size, mask))
    for lang, prefix in (("es", ""), ("pt", "pt/")):
        (root / prefix / "manifest.webmanifest").write_text(
            json.dumps(_manifest(lang), ensure_ascii=False, indent=1), encoding="utf-8")
    found = collect(root)
    groups = _groups(found)
    # what a save downloads (gzip, macros/runtime.py) and what it stores; the pages' own change is a few bytes
    _fill_pages(root, found, groups, {f: (root / f).stat().st_size for f in found["files"]},
                {f: runtime.wire_size((root / f).read_bytes()) for f in found["files"]})
    files = {}
    for f in sorted(found["files"]):
        data = (root / f).read_bytes()
        files[f] = [hashlib.sha256(data).hexdigest(), len(data)]
    data = {"files": files, "titles": found["titles"], "shared": found["shared"], "runtime": found["runtime"],
            "pages": {p: v[1] for p, v in found["pages"].items()},
            "offline": {lang: _offline_page(lang) for lang in ("es", "pt")},
            "msgs": {lang: {"updated": tr(lang, offline.MESSAGES["updated"])} for lang in ("es", "pt")}}
    data["version"] = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
    code = jsbundle.bundle()["sw.js"].decode("utf-8")
    literal = json.dumps(data, ensure_ascii=True, separators=(",", ":"))
    (root / "sw.js").write_text(f"self.AULA_SW = {literal};\n{code}", encoding="utf-8")
    return data
