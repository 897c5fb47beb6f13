"""Extract the lessons' own prose into the training corpus: training/corpus/<lang>/lessons.txt.

    .venv/bin/python training/make_corpus.py

The lessons (docs/es, docs/pt) are the project's own text. Their Markdown is
reduced to plain prose: front matter, macros ({{ ... }}), display and inline
math, HTML tags, tables, code and admonition markers are removed; links keep
their text; emphasis marks go. One paragraph per line. The originals written for
the corpus (original-*.txt) are kept as they are. See corpus/SOURCES.md.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(__file__).resolve().parent / "corpus"
LANGS = ("es", "pt")


def prose(markdown: str) -> list[str]:
    """Plain paragraphs of a lesson page, in order."""
    text = re.sub(r"\A---\n.*?\n---\n", "", markdown, flags=re.S)           # front matter
    text = re.sub(r"\$\$.*?\$\$", "", text, flags=re.S)                      # display math
    text = re.sub(r"```.*?```", "", text, flags=re.S)                        # code blocks
    text = re.sub(r"\{\{.*?\}\}", "", text, flags=re.S)                      # macros (and their numbers)
    text = re.sub(r"\{%.*?%\}", "", text, flags=re.S)
    paragraphs = []
    for block in re.split(r"\n\s*\n", text):
        lines = []
        for line in block.splitlines():
            s = line.strip()
            if not s or s.startswith("|") or s.startswith("<") or s.startswith("{:"):
                continue
            s = re.sub(r"^(!!!|\?\?\?\+?)\s+\w+\s*", "", s)                # admonition marker, keep its title
            s = re.sub(r"^#+\s*", "", s)                                     # headings
            s = re.sub(r"^([-*+]|\d+\.)\s+", "", s)                          # list markers
            lines.append(s)
        para = " ".join(lines)
        para = re.sub(r"\$[^$]*\$", "", para)                                # inline math
        para = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", para)               # links and images: their text
        para = re.sub(r"<[^>]+>", "", para)                                  # inline HTML
        para = re.sub(r"\{[:#.][^}]*\}", "", para)                           # attribute lists
        para = para.replace("**", "").replace("*", "").replace("`", "").replace('"', "")
        para = re.sub(r"\s+([,.;:)])", r"\1", para)                          # spaces left by removed math
        para = re.sub(r"\s{2,}", " ", para).strip()
        if len(para) >= 40:  # headings alone and empty remains are dropped
            paragraphs.append(para)
    return paragraphs


def main() -> None:
    for lang in LANGS:
        out = []
        for page in sorted((ROOT / "docs" / lang).glob("*.md")):
            if page.name in ("real-model.md",):  # the model's own page talks about the corpus: left out
                continue
            out += prose(page.read_text(encoding="utf-8"))
        (CORPUS / lang).mkdir(parents=True, exist_ok=True)
        (CORPUS / lang / "lessons.txt").write_text("\n".join(out) + "\n", encoding="utf-8")
        print(lang, len(out), "paragraphs", sum(map(len, out)), "characters")


if __name__ == "__main__":
    main()
