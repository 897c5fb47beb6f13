"""Browser contexts handed from one test to the next (tests/conftest.py, `browser`).

A lesson's load in a new Chromium context costs about 1.40 s of CPU; in a context handed on from an
earlier test, emptying included, about 0.86 s (`bench/chromium_cpu.py --mode page`, `--mode handed`,
2026-12-03): the HTTP cache and the compiled scripts stay. On 2 cores the browser tests are mostly that, so a test's context is not
closed when the test closes it: it is emptied and handed to the next test that asks for one with the
same options.

Emptied means that nothing a test did is seen by the next one but the HTTP cache:
- every page it opened is closed (their routes, init scripts, workers and listeners go with them);
- the storage of every origin it reached is cleared: local and session storage, IndexedDB, Cache
  Storage, cookies and service workers (CDP Storage.clearDataForOrigin, "all");
- its listeners are removed, its routes dropped and its permissions cleared.
A context's init scripts are given to each page it opens (a context cannot drop one). A context
changed in a way that cannot be undone (a binding, extra headers, offline, geolocation) is closed
for real. A page's `.context` answers with the handed-out context, so a test
that writes `page.context.add_init_script(...)` is seen too. Tests that count what reached the server,
or need an empty HTTP cache, are marked `fresh_contexts` and get contexts of their own.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page

_page_context = Page.context


def _context_of(page: Page):
    return getattr(page, "_aula_context", None) or _page_context.fget(page)


Page.context = property(_context_of)  # the handed-out context, for the pages it opened

# changes that a context cannot take back: it is closed for real when released
_FINAL = {"expose_binding", "expose_function", "set_extra_http_headers",
          "set_geolocation", "set_offline", "set_default_timeout", "set_default_navigation_timeout",
          "set_http_credentials", "clock", "tracing", "route_from_har", "route_web_socket"}
_ORIGIN = re.compile(r"^(https?://[^/]+|file://)")

# What this test process's contexts loaded, for bench/suite_timeline.py (tests/conftest.py records it
# per test): pages (document loads) and starts of live Python (requests for Pyodide's wasm, in http
# and in the file:// bundle's carrier), from the cache or not. Counts only; nothing is asserted on it.
LOADED = {"pages": 0, "pythons": 0}


def _count(request) -> None:
    if request.service_worker is not None:
        return  # the service worker's own fetch of what a page or its worker asked for: counted there
    url = request.url
    if request.resource_type == "document":
        LOADED["pages"] += 1
    elif url.endswith(("/pyodide.asm.wasm", "/pyodide.asm.wasm.js")):
        LOADED["pythons"] += 1


class Handed:
    """A pooled context as a test sees it: a BrowserContext whose close() hands it back."""

    def __init__(self, pool: "Pool", key, real):
        self._pool, self._key, self._real = pool, key, real
        self._listeners: list = []
        self._scripts: list[dict] = []
        self._final = False
        self.origins: set[str] = set()
        real.on("request", self._seen)
        real.on("request", _count)

    def _seen(self, request):
        m = _ORIGIN.match(request.url)
        if m:
            self.origins.add(m.group(1))

    def __getattr__(self, name):
        if name in _FINAL:
            self._final = True
        return getattr(self._real, name)

    def on(self, event, handler):
        self._listeners.append((event, handler))
        return self._real.on(event, handler)

    def add_init_script(self, script=None, path=None) -> None:
        """The context's init script, given to each page it opens instead (a context cannot drop one)."""
        self._scripts.append({"script": script, "path": path})
        for pg in self.pages:
            pg.add_init_script(script=script, path=path)

    def new_page(self) -> Page:
        pg = self._real.new_page()
        pg._aula_context = self
        for s in self._scripts:
            pg.add_init_script(**s)
        return pg

    @property
    def pages(self) -> list[Page]:
        return [p for p in self._real.pages if p is not self._pool.anchor(self)]

    def close(self, **kw) -> None:
        self._pool.release(self)


class Pool:
    reuse = True  # set per test by conftest's `_context_pool` (the `fresh_contexts` marker)

    def __init__(self, new_context):
        self._new = new_context
        self._idle: dict = {}       # options -> [Handed]
        self._anchors: dict = {}    # id(Handed) -> a blank page kept open, for its CDP session

    def open(self, **options):
        if not Pool.reuse or any(callable(v) for v in options.values()):
            context = self._new(**options)
            context.on("request", _count)
            return context
        key = repr(sorted(options.items()))
        idle = self._idle.setdefault(key, [])
        if idle:
            return idle.pop()
        return Handed(self, key, self._new(**options))

    def anchor(self, handed: Handed):
        return self._anchors.get(id(handed))

    def release(self, handed: Handed) -> None:
        real = handed._real
        for event, handler in handed._listeners:
            real.remove_listener(event, handler)
        handed._listeners.clear()
        handed._scripts.clear()
        if handed._final:
            self._anchors.pop(id(handed), None)
            real.close()
            return
        anchor = self._anchors.get(id(handed))
        if anchor is None:
            anchor = self._anchors[id(handed)] = self._real_page(real)
        for pg in list(real.pages):
            if pg is not anchor:
                pg.close()
        real.unroute_all(behavior="ignoreErrors")
        real.clear_permissions()
        real.clear_cookies()
        cdp = real.new_cdp_session(anchor)
        try:
            for origin in sorted(handed.origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        finally:
            cdp.detach()
        handed.origins.clear()
        self._idle[handed._key].append(handed)

    @staticmethod
    def _real_page(real) -> Page:
        return real.new_page()
