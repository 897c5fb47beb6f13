"""A static server that behaves like GitHub Pages where it matters for loading live Python.

- gzip for text, scripts, JSON and wasm when the browser accepts it (zip files and images as they are);
- ``Cache-Control: max-age=600`` and an ``ETag`` (304 on ``If-None-Match``), as GitHub Pages sends;
- a log of what it sent: ``hits`` (path, status, bytes on the wire), for tests and the benchmark;
- optional faults for tests: ``faults[substring] = "404" | "cut"`` (a response cut halfway) | ``"half"``
  (the file's first half, served whole with a matching length: a copy truncated on the server) |
  ``"text"`` (served as text/plain, a school server's likely misconfiguration) | ``"short"`` (the file
  without its last SHORT bytes) | ``"pad"`` (the file with PAD bytes appended) | ``"page"`` (an HTML
  error page in its place, with status 200: a broken server's copy), each served whole with a matching
  length (gzipped like the file when the browser accepts it), and
  ``down = True``: every connection closed unanswered, as when the phone has no network;
- optional throttling for the benchmark, applied to every request (the page's and the worker's
  alike): ``rate`` bytes per second shared by all connections (one link), ``latency`` seconds
  before each response.
"""

from __future__ import annotations

import gzip
import hashlib
import http.server
import os
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript",
         ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm",
         ".svg": "image/svg+xml", ".xml": "application/xml", ".txt": "text/plain", ".zip": "application/zip",
         ".gz": "application/gzip", ".png": "image/png", ".ico": "image/x-icon", ".map": "application/json"}
COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".svg", ".xml", ".txt", ".map"}
CHUNK = 16384
SHORT, PAD = 100, 37  # bytes a "short" copy lacks, a "pad" copy has in excess
ERROR_PAGE = b"<!doctype html><title>Error</title><p>Something went wrong on this server.</p>\n"


class PagesServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, root: Path, rate: float | None = None, latency: float = 0.0):
        super().__init__(("127.0.0.1", 0), PagesHandler)
        self.root = Path(root)
        self.rate, self.latency = rate, latency
        self.hits: list[tuple[str, int, int]] = []
        self.faults: dict[str, str] = {}
        self.down = False
        self._gz: dict[tuple[str, float], bytes] = {}
        self._lock = threading.Lock()
        self._link_free = 0.0  # when the shared link can send the next chunk

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def start(self) -> "PagesServer":
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def sent(self) -> int:
        """Bytes sent on the wire so far (bodies, as compressed)."""
        with self._lock:
            return sum(b for _, _, b in self.hits)

    def wait_link(self, size: int) -> None:
        if not self.rate:
            return
        with self._lock:
            start = max(time.monotonic(), self._link_free)
            self._link_free = start + size / self.rate
            until = self._link_free
        time.sleep(max(0.0, until - time.monotonic()))

    def gzipped(self, path: Path) -> bytes:
        key = (str(path), path.stat().st_mtime)
        if key not in self._gz:
            self._gz[key] = gzip.compress(path.read_bytes(), 6, mtime=0)
        return self._gz[key]


class PagesHandler(http.server.BaseHTTPRequestHandler):
    server: PagesServer
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        srv = self.server
        if srv.down:
            self.close_connection = True
            try:
                self.connection.shutdown(2)
            except OSError:
                pass
            return
        if srv.latency:
            time.sleep(srv.latency)
        rel = unquote(urlparse(self.path).path)
        path = (srv.root / rel.lstrip("/")).resolve()
        if path.is_dir():
            if not rel.endswith("/"):
                return self._reply(301, b"", {"Location": rel + "/"}, rel)
            path = path / "index.html"
        if srv.root.resolve() not in path.parents or not path.is_file():
            return self._reply(404, b"not found", {"Content-Type": "text/plain"}, rel)
        fault = next((kind for key, kind in srv.faults.items() if key in rel), None)
        if fault == "404":
            return self._reply(404, b"not found", {"Content-Type": "text/plain"}, rel)
        ext = path.suffix
        etag = '"' + hashlib.sha1(f"{path}:{path.stat().st_mtime_ns}".encode()).hexdigest()[:16] + '"'
        headers = {"Content-Type": TYPES.get(ext, "application/octet-stream"), "Cache-Control": "max-age=600",
                   "ETag": etag, "Vary": "Accept-Encoding"}
        if self.headers.get("If-None-Match") == etag:
            return self._reply(304, b"", headers, rel)
        body = path.read_bytes()
        if fault == "text":
            headers["Content-Type"] = "text/plain"
        if fault == "half":
            body = body[: len(body) // 2]
        elif fault in ("short", "pad", "page"):
            body = {"short": body[:-SHORT], "pad": body + b"\0" * PAD, "page": ERROR_PAGE}[fault]
            if fault == "page":
                headers["Content-Type"] = TYPES[".html"]
            if ext in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", ""):
                body = gzip.compress(body, 6, mtime=0)
                headers["Content-Encoding"] = "gzip"
        elif ext in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = srv.gzipped(path)
            headers["Content-Encoding"] = "gzip"
        self._reply(200, body, headers, rel, cut=fault == "cut")

    def _reply(self, status: int, body: bytes, headers: dict, rel: str, cut: bool = False) -> None:
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        send = body[: len(body) // 2] if cut else body
        try:
            for i in range(0, len(send), CHUNK):
                piece = send[i:i + CHUNK]
                self.server.wait_link(len(piece))
                self.wfile.write(piece)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        with self.server._lock:
            self.server.hits.append((rel, status, len(send)))
        if cut:
            self.close_connection = True
            try:
                self.connection.shutdown(2)  # the download stops halfway, as when a phone loses signal
            except OSError:
                pass


def serve(root: Path, **throttle) -> PagesServer:
    """Serve ``root`` (a folder holding the site under a sub-path) until ``shutdown()``."""
    return PagesServer(root, **throttle).start()


if __name__ == "__main__":  # a look by hand: python tests/pages_server.py <folder>
    import sys
    s = serve(Path(sys.argv[1]))
    print(s.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        s.shutdown()
        os._exit(0)
