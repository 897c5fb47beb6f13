"""Command line: ``python -m lesson_core list`` and
``python -m lesson_core show WIDGET --lang es [--param k=v ...] [--html]``; prints JSON."""

from __future__ import annotations

import argparse
import html
import json
import sys

from . import list_widgets, render
from .registry import UnknownParam, UnknownWidget


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lesson_core", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list every widget and its parameters")
    show = sub.add_parser("show", help="render one widget and print its result as JSON")
    show.add_argument("widget")
    show.add_argument("--lang", default="es", choices=["es", "pt"])
    show.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")
    show.add_argument("--html", action="store_true", help="include the rendered HTML parts")
    args = parser.parse_args(argv)

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
