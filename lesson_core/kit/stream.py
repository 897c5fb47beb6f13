"""Partial results of a long live computation, for the browser: a continuation shown token by token.

A widget whose work comes in steps calls :func:`partial` after each one with a function that draws
the view so far. Nothing happens unless a caller asked for partial results with :func:`sending`
(the browser's worker does, through ``lesson_core.render_json``); the build and the command line
never do, so there ``make`` is not even called and the drawing costs nothing.

Example: ``sending(print, lambda: render("rm_generate", {"n": 3}, "es"))`` prints the parts of the
first and second token's views, then returns the full result.
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["partial", "sending"]

_sinks: list[Callable[[dict], None]] = []  # the innermost caller that asked for partial results


def partial(make: Callable[[], Any]) -> None:
    """Send ``make()``'s parts ({part: html}, a View's) to the caller who asked, if any. The summary
    is left out: a screen reader hears the finished result once, not every step."""
    if _sinks:
        _sinks[-1]({name: str(html) for name, html in make().parts.items()})


def sending(emit: Callable[[dict], None], work: Callable[[], Any]) -> Any:
    """``work()``, with every :func:`partial` inside it sent to ``emit``."""
    _sinks.append(emit)
    try:
        return work()
    finally:
        _sinks.pop()
