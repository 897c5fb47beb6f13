"""Command line: ``python -m lesson_core list``,
``python -m lesson_core show WIDGET --lang es [--param k=v ...] [--html]`` (prints JSON) and
``python -m lesson_core new-lesson NAME`` (writes a new lesson's files, see lesson_core/scaffold.py)."""

from __future__ import annotations

import argparse
import html
import json
import sys
from pathlib import Path

from . import list_widgets, render
from .kit.registry import UnknownParam, UnknownWidget


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lesson_core", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list every widget and its parameters")
    show = sub.add_parser("show", help="render one widget and print its result as JSON")
    show.add_argument("widget")
    show.add_argument("--lang", default="es", choices=["es", "pt"])
    show.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    show.add_argument("--html", action="store_true", help="include the rendered HTML parts")
    new = sub.add_parser("new-lesson", help="write a new lesson: both pages, a widget module, a test, the nav entry")
    new.add_argument("name", help="the page name, e.g. softmax-temperature (docs/es/softmax-temperature.md)")
    new.add_argument("--root", default=".", help="the project folder, with mkdocs.yml (default: here)")
    args = parser.parse_args(argv)

    if args.cmd == "new-lesson":
        from .scaffold import new_lesson  # writes files: only ever from this command
        try:
            written = new_lesson(args.name, Path(args.root))
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        print("written:", *[f"  {p}" for p in written], sep="\n")
        print("next: link the page from docs/es/index.md and docs/pt/index.md, write both pages, then "
              "`bash scripts/serve.sh` to preview and `bash scripts/test.sh tests/test_"
              f"{args.name.replace('-', '_')}.py` to test")
        return 0

    if args.cmd == "list":
        print(json.dumps(list_widgets(), ensure_ascii=False, indent=2))
        return 0
    params = {}
    for item in args.param:
        if "=" not in item:
            parser.error(f"--param expects NAME=VALUE, got {item!r}")
        name, value = item.split("=", 1)
        params[name] = value
    try:
        result = render(args.widget, params, args.lang)
    except (UnknownWidget, UnknownParam) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if not args.html and result["ok"]:
        result["summary"] = html.unescape(result.pop("parts")["summary"])  # the widget's result in words
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
