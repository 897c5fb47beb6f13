"""A pure step over a page's text, done once per distinct text.

Under ``mkdocs serve`` a save rebuilds the whole site, and most pages come out byte for byte as they
were (macros/pagecache.py keeps their content; the theme renders them again the same). The steps that
read a finished page again, as the CSP's hashes of its inline scripts (macros/finish.py ``page``) and
its search sections (macros/search.py ``sections``), then parse the same text again: about a second of
each rebuild. ``by_text`` keeps a step's result under a digest of the text and its other arguments;
a plain ``mkdocs build`` sees each page once, so it only pays for the digests (a few ms).
"""

from __future__ import annotations

import collections
import functools
import hashlib

__all__ = ["by_text"]


def by_text(maxsize: int = 256):
    """Decorate ``fn(text: str, *args)`` (pure, its arguments hashable) to run once per distinct
    ``(text, *args)`` among the last ``maxsize`` ones. Its results are shared: callers must not
    change them."""
    def wrap(fn):
        kept: collections.OrderedDict = collections.OrderedDict()

        @functools.wraps(fn)
        def step(text: str, *args):
            key = (hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest(), args)
            if key in kept:
                kept.move_to_end(key)
                return kept[key]
            kept[key] = result = fn(text, *args)
            if len(kept) > maxsize:
                kept.popitem(last=False)
            return result

        step.kept = kept  # for tests
        return step
    return wrap
