"""The stamps that let the tests reuse setup.sh's builds (scripts/site_stamp.py): a build is reused
only when it was made from these very sources, and the bundle only when also made today with the
version its footers and read-me files carry. No build here: the stamps are checked on small folders."""

from __future__ import annotations

import json

import pytest

from conftest import site_stamp


@pytest.fixture
def dist(tmp_path, monkeypatch):
    for name in (*site_stamp.BUILD_ENV, "AULA_VERSION"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / site_stamp.BUNDLE_ZIP).write_bytes(b"PK")
    site_stamp.write_bundle(tmp_path, site_stamp.bundle_key())
    assert site_stamp.fresh_bundle(tmp_path)
    return tmp_path


@pytest.mark.parametrize("field,other", [("inputs", "0" * 64), ("version", "v0.0.0-old"), ("date", "2020-01-01")])
def test_a_bundle_from_other_sources_another_version_or_another_day_is_made_again(dist, field, other):
    stamp = json.loads((dist / site_stamp.BUNDLE_STAMP).read_text(encoding="utf-8"))
    (dist / site_stamp.BUNDLE_STAMP).write_text(json.dumps({**stamp, field: other}), encoding="utf-8")
    assert not site_stamp.fresh_bundle(dist)


def test_a_bundle_without_its_zip_or_stamp_is_made_again(dist):
    (dist / site_stamp.BUNDLE_ZIP).unlink()
    assert not site_stamp.fresh_bundle(dist)
    (dist / site_stamp.BUNDLE_ZIP).write_bytes(b"PK")
    (dist / site_stamp.BUNDLE_STAMP).write_text("{not json", encoding="utf-8")
    assert not site_stamp.fresh_bundle(dist)


def test_a_release_or_published_build_is_never_stamped_for_reuse(tmp_path, monkeypatch):
    monkeypatch.setenv("AULA_VERSION", "v9.9.9")
    assert site_stamp.bundle_key() is None
    site_stamp.write_bundle(tmp_path, site_stamp.bundle_key())
    assert not (tmp_path / site_stamp.BUNDLE_STAMP).exists()
    monkeypatch.delenv("AULA_VERSION")
    monkeypatch.setenv(site_stamp.BUILD_ENV[0], "1")
    assert site_stamp.bundle_key() is None


def test_the_site_stamp_follows_its_sources(tmp_path, monkeypatch):
    for name in site_stamp.BUILD_ENV:
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "index.html").write_text("<p>x</p>", encoding="utf-8")
    site_stamp.write(tmp_path)
    assert site_stamp.fresh(tmp_path)
    stamp = json.loads((tmp_path / site_stamp.STAMP).read_text(encoding="utf-8"))
    (tmp_path / site_stamp.STAMP).write_text(json.dumps({"inputs": "0" * 64}), encoding="utf-8")
    assert not site_stamp.fresh(tmp_path) and stamp["inputs"] != "0" * 64
