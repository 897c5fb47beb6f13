"""The site is built with the generator's pinned versions (README, "The generator"): every Python
tool is pinned with == in requirements.txt, what is installed is what is pinned, and every built page
names the generator's packages at those versions (<meta name="generator">, macros/version.py)."""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

from macros.version import GENERATOR

ROOT = Path(__file__).resolve().parent.parent


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    out = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if not line:
            continue
        found = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([0-9][^\s;,]*)", line)
        assert found, f"requirements.txt: {line!r} is not pinned as name==version"
        out[_norm(found.group(1))] = found.group(2)
    return out


def test_every_tool_is_pinned_and_installed_at_its_pin():
    pinned = pins()
    assert len(pinned) >= 40
    wrong = {name: (want, importlib.metadata.version(name)) for name, want in pinned.items()
             if importlib.metadata.version(name) != want}
    assert not wrong, f"installed versions differ from requirements.txt (pinned, installed): {wrong}; run setup.sh"


def test_pip_installs_the_same_pins_with_hashes():
    """requirements.lock (pip-compile --generate-hashes, command in scripts/setup.sh) holds exactly the pins
    of requirements.txt, each with its sha256 hashes, and setup.sh installs from it with --require-hashes."""
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    entries = re.findall(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)((?:\s*\\\n\s+--hash=sha256:[0-9a-f]{64})*)", lock, re.M)
    assert {_norm(n): v for n, v, _ in entries} == pins(), "requirements.lock differs from requirements.txt: run pip-compile"
    assert all(hashes.count("--hash=sha256:") >= 1 for _, _, hashes in entries), "a lock entry without a hash"
    setup = (ROOT / "scripts" / "setup.sh").read_text(encoding="utf-8")
    assert re.search(r"pip install .*--require-hashes -r requirements\.lock", setup), setup


def test_the_generator_is_pinned():
    pinned = pins()
    assert {_norm(n) for n in GENERATOR} <= set(pinned), "a generator package is missing from requirements.txt"
    assert {"mkdocs", "mkdocs-material", "mkdocs-static-i18n", "mkdocs-macros-plugin"} <= {_norm(n) for n in GENERATOR}


def test_the_built_site_names_the_pinned_generator(site):
    """Every page of the build the tests use says it was made by the pinned generator."""
    pinned = pins()
    want = ", ".join(f"{name}-{pinned[_norm(name)]}" for name in GENERATOR)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 40
    for path in pages:
        found = re.findall(r'<meta name="generator" content="([^"]*)">', path.read_text(encoding="utf-8"))
        assert found == [want], (path, found)
