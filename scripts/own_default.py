"""Write lesson_core/data/own_default.py: the page's precomputed default run of the reader's model,
in each language, from the same function as ``python -m lesson_core train`` (widgets.own_text.run_data).

    .venv/bin/python scripts/own_default.py      # about a minute per language

tests/test_own_views.py checks that the file's first checkpoints are what this run gives today.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lesson_core.data.own_texts import DEFAULT, TEXTS  # noqa: E402
from lesson_core.widgets.own_text import DEFAULT_RUN, run_data  # noqa: E402


def main() -> None:
    lines = ['"""The reader\'s model trained on the default text (lesson_core/data/own_texts.py): the page\'s',
             "precomputed run. Written by scripts/own_default.py; do not edit by hand.", '"""', "",
             f"RUN = {DEFAULT_RUN!r}", "", "RUNS = {"]
    for lang in ("es", "pt"):
        run = run_data(TEXTS[DEFAULT]["text"][lang], **DEFAULT_RUN)
        lines.append(f"    {lang!r}: {{")
        lines.append(f"        \"info\": {run['info']!r},")
        lines.append("        \"checkpoints\": [")
        lines += [f"            {c!r}," for c in run["checkpoints"]]
        lines += ["        ],", "    },"]
        print(lang, run["checkpoints"][-1], flush=True)
    lines.append("}")
    (ROOT / "lesson_core" / "data" / "own_default.py").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
