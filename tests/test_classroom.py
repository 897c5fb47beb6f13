"""Classroom pieces without a browser (issue 18): the licence (LICENSE, the bundle's read-me files), the
heat map's colour scale readable in grayscale, and the teachers' plans (sessions that fit, materials)."""

from __future__ import annotations

import sys

import pytest

from conftest import ROOT
from lesson_core.kit.svgkit import diverging_rgb

sys.path.insert(0, str(ROOT / "scripts"))
from bundle_readme import readme_texts  # noqa: E402


def luma(rgb) -> float:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b  # what a grayscale printer keeps


def test_licence_file_states_both_licences():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in text and "THE SOFTWARE IS PROVIDED \"AS IS\"" in text
    assert "Permission is hereby granted, free of charge" in text
    assert "Attribution-ShareAlike 4.0 International (CC BY-SA 4.0)" in text
    assert "https://creativecommons.org/licenses/by-sa/4.0/" in text


def test_bundle_readmes_state_the_licence():
    texts = readme_texts("v1.0", "2026-12-01")
    assert set(texts) == {"LEEME.txt", "LEIA-ME.txt"}
    for name, text in texts.items():
        assert "CC BY-SA 4.0" in text and "MIT" in text and "creativecommons.org/licenses/by-sa/4.0" in text, name
    assert "LICENCIA" in texts["LEEME.txt"] and "LICENÇA" in texts["LEIA-ME.txt"]


def test_heat_map_sign_survives_grayscale():
    """Darker as the value grows, everywhere: +1 and -1 (and any two values 0.25 apart) print as
    different greys."""
    values = [i / 20 - 1 for i in range(41)]
    greys = [luma(diverging_rgb(v)) for v in values]
    assert all(a > b for a, b in zip(greys, greys[1:])), greys
    assert greys[0] - greys[-1] >= 150
    assert all(luma(diverging_rgb(v)) - luma(diverging_rgb(v + 0.25)) >= 10 for v in values if v + 0.25 <= 1)
    assert diverging_rgb(5) == diverging_rgb(1) and diverging_rgb(-5) == diverging_rgb(-1)
