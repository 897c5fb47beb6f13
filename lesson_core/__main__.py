"""Command line: ``python -m lesson_core list``,
``python -m lesson_core show WIDGET --lang es [--param k=v ...] [--html]`` (prints JSON),
``python -m lesson_core new-lesson NAME`` (writes a new lesson's files, see lesson_core/scaffold.py) and
``python -m lesson_core check [NAME ...]`` (every check of a lesson: lesson_core/lint's, which the
build runs too, then the lesson's tests; with no NAME, lint's checks of the whole project) and
``python -m lesson_core train --lang es --text FILE --seed S --steps N --json`` (the reader's model
trained on a text file: one JSON object per checkpoint, the run the page shows)."""

from __future__ import annotations

import argparse
import html
import json
import subprocess
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
    check = sub.add_parser("check", help="every check of a lesson (both languages, a phone's width, labels), "
                                         "then its tests; no NAME: the static checks of the whole project")
    check.add_argument("names", nargs="*", metavar="NAME", help="a lesson's page name, e.g. softmax-temperature")
    check.add_argument("--root", default=".", help="the project folder, with mkdocs.yml (default: here)")
    check.add_argument("--no-tests", action="store_true", help="skip the lessons' tests (tests/test_NAME.py)")
    train = sub.add_parser("train", help="train the reader's model on a text file; one line per checkpoint")
    train.add_argument("--lang", default="es", choices=["es", "pt"], help="the language of the messages")
    train.add_argument("--text", required=True, metavar="FILE", help="a UTF-8 text file ('-' reads stdin)")
    train.add_argument("--seed", type=int, default=1)
    train.add_argument("--steps", type=int, default=600)
    train.add_argument("--every", type=int, default=50, help="steps between checkpoints")
    train.add_argument("--size", default="medium", choices=["small", "medium", "large"])
    train.add_argument("--lr", type=float, default=0.01, help="Adam's learning rate")
    train.add_argument("--json", action="store_true", help="JSON lines (the default prints a table)")
    args = parser.parse_args(argv)

    if args.cmd == "train":
        from .widgets.own_text import train_lines
        raw = sys.stdin.read() if args.text == "-" else Path(args.text).read_text(encoding="utf-8")
        code = 0
        for line in train_lines(raw, args.lang, args.seed, args.steps, args.every, args.size, args.lr, args.json):
            if line.startswith("error: "):
                print(line, file=sys.stderr)
                code = 1
            else:
                print(line, flush=True)
        return code

    if args.cmd == "check":
        return run_checks(args.names, Path(args.root), not args.no_tests)
    if args.cmd == "new-lesson":
        from .scaffold import new_lesson  # writes files: only ever from this command
        try:
            written = new_lesson(args.name, Path(args.root))
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        from .scaffold import next_steps
        print("written:", *[f"  {p}" for p in written], sep="\n")
        print(next_steps(args.name))
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


def run_checks(names: list[str], root: Path, tests: bool) -> int:
    """``check``: each finding on one line (as the build writes it), then the lessons' tests."""
    from .lint import language
    from .lint.widget import lesson_findings, rendered_findings
    from .kit.registry import all_widgets

    def shown(path) -> str:
        try:
            return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            return str(path)

    root = root.resolve()
    found: list[str] = []
    if names:
        for name in names:
            try:
                found += lesson_findings(name, root, shown)
            except LookupError as err:
                print(f"error: {err}", file=sys.stderr)
                return 2
    else:  # the whole project: every module and page, every widget and state (about as long as a build's)
        found += [f for lines in language.findings(root / "lesson_core", root / "docs", shown).values() for f in lines]
        for w in all_widgets():
            found += rendered_findings(w)
        found = list(dict.fromkeys(found))
    for line in found:
        print(line)
    what = ", ".join(names) if names else "the project"
    print(f"{len(found)} author mistake{'s' if len(found) != 1 else ''} in {what}" if found
          else f"no author mistake found in {what} (languages, a phone's width, labels)")
    failed = bool(found)
    test_files = [root / "tests" / f"test_{n.replace('-', '_')}.py" for n in names] if tests else []
    test_files = [str(t) for t in test_files if t.exists()]
    if test_files:
        print("running", *test_files, flush=True)
        failed |= subprocess.run([sys.executable, "-m", "pytest", "-q", *test_files], cwd=root).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
