"""Shared fixtures: one site build per test session, served under a sub-path, and Chromium."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import re
import http.server
import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from hypothesis import settings

# Hypothesis's per-example deadline is a timing assertion; speed is the benchmark's business, and a
# shared, loaded machine must not fail a property that holds.
settings.register_profile("aula", deadline=None)
settings.load_profile("aula")

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("site_stamp", ROOT / "scripts" / "site_stamp.py")
site_stamp = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_stamp)

SUBPATH = "aula"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-quic"] + os.environ.get("AULA_CHROMIUM_FLAGS", "").split()  # more, to measure them


def build_site(dest: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(dest)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={k: v for k, v in os.environ.items() if k not in site_stamp.BUILD_ENV})


@pytest.fixture(scope="session")
def site() -> Path:
    """The site, built with --strict from this checkout, with the default address: one build for the
    whole run, shared by every test worker.

    AULA_BUILT_SITE names a folder built so (GitHub's workflow: setup.sh's build). Otherwise the
    checkout's site/ is used when its stamp (scripts/site_stamp.py, written by setup.sh and here)
    says it was built from these very sources; when it was not, the first worker to get here builds
    it again, under a lock, while the others wait, and the next run reuses it."""
    built = os.environ.get("AULA_BUILT_SITE")
    if built:
        dest = (ROOT / built).resolve()
        assert (dest / "index.html").is_file(), f"AULA_BUILT_SITE={built}: no site there"
        return dest
    dest = ROOT / "site"
    with open(ROOT / ".site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not site_stamp.fresh(dest):
            proc = build_site(dest)
            assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stdout}\n{proc.stderr}"
            site_stamp.write(dest)
    return dest


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".zip": "application/zip"}

    def log_message(self, *args):  # keep test output clean
        pass


@pytest.fixture(scope="session")
def server(site, tmp_path_factory) -> str:
    """http://127.0.0.1:PORT/aula/ serving the built site, as GitHub Pages serves a project site."""
    top = tmp_path_factory.mktemp("serve")
    (top / SUBPATH).symlink_to(site, target_is_directory=True)  # read only: nothing writes there
    (top / "axe-core").symlink_to(ROOT / "node_modules" / "axe-core", target_is_directory=True)  # add_axe()
    handler = functools.partial(_Handler, directory=str(top))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/{SUBPATH}/"
    httpd.shutdown()


def chromium_available() -> bool:
    return Path(CHROMIUM).exists()


@pytest.fixture(scope="session")
def browser():
    if not chromium_available():
        if os.environ.get("CI") or os.environ.get("AULA_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing; .ci/run installs Debian's chromium")
        pytest.skip(f"{CHROMIUM} not installed (apt-get install chromium chromium-driver)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = eval_friendly(p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True))
        yield b
        b.close()


def eval_friendly(browser):
    """Playwright's wait_for_function runs its predicate through eval(), which every page's Content
    Security Policy forbids (macros/csp.py): contexts opened from this browser bypass the policy
    unless opened with bypass_csp=False, as tests/test_safety_browser.py does to check the policy.
    Contexts come from a pool (contexts.py): closing one hands it, emptied, to the next test."""
    from contexts import Pool
    pool = Pool(browser.new_context)
    browser.new_context = lambda **kw: pool.open(**{"bypass_csp": True, **kw})
    browser.aula_pool = pool
    return browser


@pytest.fixture(autouse=True)
def _context_pool(request):
    """Tests marked `fresh_contexts` (a file's `pytestmark`) get contexts of their own, never reused:
    those that count what reached the server or depend on an empty HTTP cache. AULA_FRESH_CONTEXTS=1
    gives every test its own (to compare, or to rule the pool out when a test fails)."""
    from contexts import Pool
    Pool.reuse = request.node.get_closest_marker("fresh_contexts") is None and not os.environ.get("AULA_FRESH_CONTEXTS")
    yield
    Pool.reuse = True


@functools.lru_cache(maxsize=64)
def _parsed(path: Path, mtime_ns: int):
    from bs4 import BeautifulSoup
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def soup(path: Path):
    """A built page, parsed once per test process (tests read it and never change it)."""
    return _parsed(path, path.stat().st_mtime_ns)


def assert_clean_html(html: str) -> None:
    """What a reader must never see in a view: NaN, infinities, a live <script> from input."""
    assert not re.search(r"\bnan\b", html, re.I), "NaN on screen"
    assert not re.search(r"\b-?inf(inity)?\b", html, re.I), "infinity on screen"
    assert "<script" not in html.lower(), "a script element in a view"


# --- browser helpers, shared by the browser test modules ---------------------------------

PY_TIMEOUT = 60000  # ms; generous for a loaded CI machine, not a performance assertion


def connection(downlink: float, rtt: int) -> str:
    """An init script that makes navigator.connection report this link (Mbit/s, ms)."""
    return ("Object.defineProperty(Navigator.prototype, 'connection', {configurable: true, get: () => "
            f"({{effectiveType: '4g', downlink: {downlink}, rtt: {rtt}, saveData: false, addEventListener() {{}}, "
            "removeEventListener() {}})});")


# A reader on a fast, unmetered connection (20 Mbit/s, 40 ms): loader.js starts live Python early, on
# idle, without a need (tests/test_loading.py covers slow links, Save-Data and the start on need).
FAST_CONNECTION = connection(20, 40)
# A reader on a slower link (2 Mbit/s, 150 ms): live Python starts only on a need (a typed value, a state
# the build did not precompute, "Load now"). What most tests check needs no Python, and a page that
# boots Pyodide on idle costs a few seconds of CPU for nothing (engineering review, finding 5).
NEED_CONNECTION = connection(2, 150)


def _open_page(browser, server, init_script: str):
    context = browser.new_context()
    pg = context.new_page()
    pg.add_init_script(init_script)  # the page's own: its context goes back to the pool unchanged
    pg.errors, pg.requests = [], []
    # a console error names where it came from (a failed load by a worker shows only here, not in "response")
    pg.on("console", lambda m: pg.errors.append(f"{m.text} ({m.location.get('url', '')})") if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("response", lambda r: pg.errors.append(f"HTTP {r.status} {r.url}") if r.status >= 400 else None)
    pg.on("request", lambda r: pg.requests.append(r.url))
    context.on("request", lambda r: pg.requests.append(r.url))  # includes the worker's requests
    yield pg
    origin = re.match(r"https?://[^/]+", server).group(0)
    outside = [u for u in pg.requests if not (u.startswith(origin) or u.startswith(("data:", "blob:")))]
    assert not outside, f"requests left the site: {outside[:5]}"
    assert not pg.errors, f"console errors: {pg.errors[:5]}"
    context.close()


@pytest.fixture
def page(browser, server, request):
    """A fresh page that records console errors and every request. Live Python starts only on need,
    unless the test is marked `live_python`: then the link is fast, and it starts early, once the
    page is idle, as for a reader on fast Wi-Fi (for tests that wait for Python without asking)."""
    early = request.node.get_closest_marker("live_python") is not None
    yield from _open_page(browser, server, FAST_CONNECTION if early else NEED_CONNECTION)


def pdf_texts(data: bytes) -> list[str]:
    """The text of each page of a PDF (Chromium's print), as PDFium reads it (pypdfium2: the PDF engine
    Chromium itself uses, about 20 times faster here than pypdf on a 31-page class set), lines joined
    by "\\n"."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(data)
    try:
        out = []
        for page in doc:
            text = page.get_textpage()
            out.append(text.get_text_bounded().replace("\r\n", "\n").replace("\r", "\n"))
            text.close()
            page.close()
        return out
    finally:
        doc.close()


def add_axe(pg, server: str) -> None:
    """axe-core into the page, from the test server's /axe-core/ (beside the site, never in it): a
    script with an address stays compiled in the browser's cache from one page to the next, where
    the same 550 kB given inline would be compiled again on every page."""
    pg.add_script_tag(url=re.sub(rf"/{SUBPATH}/$", "/axe-core/axe.min.js", server))


def widget(pg, widget_id: str):
    return pg.locator(f'.aula-widget[data-widget="{widget_id}"]').first


def part_html(pg, widget_id: str, part: str) -> str:
    return widget(pg, widget_id).locator(f'.aula-part[data-part="{part}"]').inner_html()


def normalized(pg, html: str) -> str:
    """The HTML as the browser serializes it, to compare with inner_html()."""
    return pg.evaluate("(h) => { const d = document.createElement('div'); d.innerHTML = h; return d.innerHTML; }", html)


def poll_js(predicate: str, timeout_ms: int = PY_TIMEOUT) -> str:
    """A function for page.evaluate that waits until `predicate` (JavaScript source of a function of one
    argument) holds: its promise resolves true then, or false after `timeout_ms`. Where the page's
    policy is enforced, this is wait_for_function without eval(): evaluate's function is compiled by
    the debugger, the page never evaluates a string."""
    return f"""(arg) => new Promise((done) => {{
  const holds = {predicate};
  const end = performance.now() + {timeout_ms};
  const poll = () => holds(arg) ? done(true) : performance.now() > end ? done(false) : setTimeout(poll, 20);
  poll();
}})"""


def wait_python(pg, state: str = "ready"):
    try:
        pg.wait_for_function(f"document.documentElement.dataset.python === '{state}'", timeout=PY_TIMEOUT)
    except Exception as e:  # playwright's TimeoutError: say where live Python stood
        now = pg.evaluate("document.documentElement.dataset.python")
        hint = " (it never started: the `page` fixture starts it only on need; use `live_page`)" if now == "off" else ""
        raise AssertionError(f"live Python did not reach '{state}'; it is '{now}'{hint}") from e


def core_zip_name(html: str) -> str:
    """The versioned lesson_core zip a page's live Python loads (macros/runtime.py), read from its <meta>."""
    return re.search(r'"core": "(lesson_core-[0-9a-f]+\.zip)"', html).group(1)


def fetch(url: str) -> bytes:
    """The body at `url`, or b"" when it cannot be had (yet)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.read()
    except OSError:
        return b""


@contextlib.contextmanager
def mkdocs_serve(top: Path):
    """`mkdocs serve` running in the project folder `top` on a free port: yields (process, base URL,
    log file); the server is stopped afterwards. Used by test_serve.py and bench/serve_reload.py."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = open(top / "serve.log", "w+", encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"], cwd=top,
                            stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    try:
        yield proc, f"http://127.0.0.1:{port}/aula/", log
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


# --- the order of the run -----------------------------------------------------------------

# Seconds each of the costliest test files took, one process, on this 2-core machine (durations of a
# whole run, 2026-12-02). scripts/test.sh hands whole files to its workers in this order, heaviest
# first, so that no worker starts a long file when the others are nearly done; the rest follow in
# their usual order. A new heavy file only costs balance, never a test.
COST = {"test_readers.py": 300, "test_keyboard.py": 91, "test_offline.py": 90,
        "test_authoring.py": 70, "test_language.py": 55, "test_loading.py": 50, "test_safety_browser.py": 30,
        "test_classroom_browser.py": 40, "test_authoring_browser.py": 35, "test_parity.py": 27,
        "test_serve.py": 25, "test_chrome.py": 18, "test_own_views.py": 45, "test_own_parity.py": 30,
        "test_pwa_browser.py": 80, "test_pwa_bad_input.py": 60, "test_phone_chrome.py": 60, "test_phone_drag.py": 55,
        "test_worker_browser.py": 60, "test_storage_browser.py": 30}


def pytest_collection_modifyitems(session, config, items):
    rank = {name: i for i, name in enumerate(sorted(COST, key=COST.get, reverse=True))}
    order = {}
    for item in items:
        order.setdefault(item.path.name, len(order))
    items.sort(key=lambda it: (rank.get(it.path.name, len(rank)), order[it.path.name]))


# --- where the time goes (bench/suite_timeline.py) ----------------------------------------

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With AULA_TIMELINE=DIR, each worker appends when each test (set-up, call and tear-down) ran,
    to DIR/<worker>.jsonl: the benchmark's suite timeline reads it. Records only; asserts nothing."""
    folder = os.environ.get("AULA_TIMELINE")
    if not folder:
        yield
        return
    import json
    import time
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    from contexts import LOADED
    group = _worker_cgroup(worker)
    cpu = _cgroup_cpu(group)
    loaded = dict(LOADED)
    start = time.time()
    yield
    record = {"id": item.nodeid, "file": item.path.name, "start": start, "end": time.time(),
              **{k: v - loaded[k] for k, v in LOADED.items()}}
    if group:
        record["cpu"] = _cgroup_cpu(group) - cpu
    with open(Path(folder) / f"{worker}.jsonl", "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")


@functools.lru_cache(maxsize=1)
def _worker_cgroup(worker: str) -> Path | None:
    """This worker's own cgroup-v1 CPU accounting group, inside the run's (bench/suite_timeline.py
    makes that one; root only): everything the worker starts from here on, Chromium included, counts
    in it, so a test's CPU is known even while other workers run beside it. None when there is none."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "cpuacct" in controllers.split(",") and path.startswith("/aula-suite-"):
            group = Path("/sys/fs/cgroup/cpuacct") / path.lstrip("/") / worker
            try:
                group.mkdir(exist_ok=True)
                (group / "cgroup.procs").write_text(str(os.getpid()))
            except OSError:
                return None
            return group
    return None


def _cgroup_cpu(group: Path | None) -> float:
    return int((group / "cpuacct.usage").read_text()) / 1e9 if group else 0.0
