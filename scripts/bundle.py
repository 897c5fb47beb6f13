"""Build the offline bundle: dist/aula-offline/ (ABRIR.html, LEEME.txt, LEIA-ME.txt, aula/) and
dist/aula-offline.zip, the same four at its top (see scripts/bundle.sh)."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from macros.version import build_date, version  # noqa: E402
from bundle_readme import opener_html, readme_texts  # noqa: E402  (beside this script)
import site_stamp  # noqa: E402  (beside this script)


SITE = "aula"  # the site's folder inside the bundle, beside ABRIR.html and the read-me files


def build(dest: Path) -> None:
    """dest/: ABRIR.html, LEEME.txt, LEIA-ME.txt and the site in dest/aula/. Four names at the top,
    so whatever a system calls the folder it extracts into, the file to open is the obvious one."""
    env = {**os.environ, "AULA_OFFLINE": "true", "NO_MKDOCS_2_WARNING": "1"}
    if dest.exists():
        shutil.rmtree(dest)
    site = dest / SITE
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                   cwd=ROOT, env=env, check=True)
    for source_map in site.rglob("*.map"):  # the theme's source maps: for its developers, not for students
        source_map.unlink()
    for not_found in site.rglob("404.html"):  # for a web server: from file:// its site-absolute links fail
        not_found.unlink()
    (dest / "ABRIR.html").write_text(opener_html(SITE, version(), build_date()), encoding="utf-8")
    for name, text in readme_texts(version(), build_date()).items():
        # UTF-8 with a byte order mark and CRLF line ends: Windows' Notepad shows the accents right
        (dest / name).write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))


def zip_folder(folder: Path, out: Path) -> None:
    """The folder's contents at the zip's top, no folder around them: Windows' "Extract All" and
    macOS' Archive Utility both extract them into one folder named after the zip (aula-offline/),
    and a top folder would be nested in it on Windows. Fixed timestamps: the same build zips the same."""
    tmp = out.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), (2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                zf.writestr(info, path.read_bytes())
    tmp.replace(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    parser.add_argument("--no-zip", action="store_true", help="only the folder")
    args = parser.parse_args()
    dist = Path(args.dist)
    folder = dist / "aula-offline"
    (dist / site_stamp.BUNDLE_STAMP).unlink(missing_ok=True)  # stale until the new zip is whole
    key = site_stamp.bundle_key()  # the sources as the build starts
    build(folder)
    if not args.no_zip:
        zip_folder(folder, dist / site_stamp.BUNDLE_ZIP)
        site_stamp.write_bundle(dist, key)  # tests/test_offline.py reuses this zip while it matches
    print(f"offline bundle: {folder}" + ("" if args.no_zip else f" and {dist / 'aula-offline.zip'}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
