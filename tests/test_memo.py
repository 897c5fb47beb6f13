"""macros/memo.py: a pure step over a page's text runs once per distinct text and arguments."""

from __future__ import annotations

from macros import finish, search
from macros.memo import by_text


def test_a_step_runs_once_per_text_and_arguments_and_forgets_the_oldest():
    calls = []

    @by_text(maxsize=2)
    def upper(text, suffix):
        calls.append((text, suffix))
        return text.upper() + suffix

    assert upper("a", "!") == "A!" and upper("a", "!") == "A!" and calls == [("a", "!")]
    assert upper("a", "?") == "A?" and len(calls) == 2          # other arguments: run again
    assert upper("b", "!") == "B!" and len(calls) == 3          # kept: ("a", "?"), ("b", "!")
    assert upper("a", "!") == "A!" and len(calls) == 4          # the oldest was forgotten
    assert len(upper.kept) == 2


def test_the_finished_page_and_its_search_sections_are_the_same_whether_kept_or_made(site):
    page = (site / "turing-2-vectors" / "index.html").read_text(encoding="utf-8")
    # a built page is finished: finishing it again changes nothing, kept or not
    assert finish.page(page, "es", False) == finish.page.__wrapped__(page, "es", False) == page
    assert search.sections(page) == search.sections.__wrapped__(page)
    assert search.sections(page) is search.sections(page)
