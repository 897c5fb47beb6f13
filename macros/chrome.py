"""Site chrome per language, where the theme cannot be told per language.

- Portuguese pages declare ``lang="pt-BR"`` (Material's pt-BR strings say "pt").
- Heading permalinks: ``toc.permalink_title`` is one string for the whole site
  (Spanish, in mkdocs.yml); Portuguese pages get their own.
- The 404 page (overrides/404.html) is built once per language; its language
  switcher links the two home pages, not the last page built.
"""

from __future__ import annotations

import re

from lesson_core.kit.fmt import tr

PERMALINK = {"es": "Enlace permanente", "pt": "Link permanente"}
HTML_LANG = {"es": "es", "pt": "pt-BR"}
HOME_NAMES = {"es": "Español", "pt": "Português"}

_HTML_TAG = re.compile(r'<html lang="[^"]*"')
_PERMALINK_TITLE = re.compile(r'(<a class="headerlink" href="[^"]*" title=")[^"]*"')


def config_lang(config) -> str:
    """'es' or 'pt' for the language being built (the i18n plugin sets theme.language)."""
    return "pt" if str(config["theme"]["language"]).startswith("pt") else "es"


def localize_headings(html_text: str, lang: str) -> str:
    """Heading permalink titles in the page's language (the toc extension writes mkdocs.yml's one title)."""
    title = tr(lang, PERMALINK)
    return _PERMALINK_TITLE.sub(lambda m: f'{m.group(1)}{title}"', html_text)


def declare_lang(output: str, lang: str) -> str:
    """The document's language on <html>: "es" or "pt-BR"."""
    return _HTML_TAG.sub(f'<html lang="{tr(lang, HTML_LANG)}"', output, count=1)


def home_alternates(config) -> list[dict]:
    """The language switcher of a page that has no twin (the 404 page): both home pages."""
    base = config.get("site_url") or "/"
    path = "/" + base.split("://", 1)[-1].split("/", 1)[-1] if "://" in base else base
    path = path if path.endswith("/") else path + "/"
    return [{"name": HOME_NAMES["es"], "link": path, "lang": "es"},
            {"name": HOME_NAMES["pt"], "link": path + "pt/", "lang": "pt"}]


NOT_FOUND_FILE = "404.html"


def place_not_found(output: str, config, root) -> str:
    """The 404 page of the language being built: Spanish at the site's root, Portuguese in pt/.

    Both language builds render 404.html into the root; the Portuguese one is written to
    pt/404.html here and returns nothing, which MkDocs takes as "skip this file"."""
    lang = config_lang(config)
    output = declare_lang(output, lang)
    if lang == "es":
        return output
    target = root / "pt" / NOT_FOUND_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output, encoding="utf-8")
    return ""
