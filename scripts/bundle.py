"""Build the offline bundle: dist/aula-offline/ and dist/aula-offline.zip (see scripts/bundle.sh)."""

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
from bundle_readme import readme_texts  # noqa: E402  (beside this script)


def build(dest: Path) -> None:
    env = {**os.environ, "AULA_OFFLINE": "true", "NO_MKDOCS_2_WARNING": "1"}
    if dest.exists():
        shutil.rmtree(dest)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(dest)],
                   cwd=ROOT, env=env, check=True)
    for source_map in dest.rglob("*.map"):  # the theme's source maps: for its developers, not for students
        source_map.unlink()
    for name, text in readme_texts(version(), build_date()).items():
        # UTF-8 with a byte order mark and CRLF line ends: Windows' Notepad shows the accents right
        (dest / name).write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))


def zip_folder(folder: Path, out: Path) -> None:
    """A zip whose single top folder is the bundle; fixed timestamps, so the same build zips the same."""
    tmp = out.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                info = zipfile.ZipInfo((folder.name / path.relative_to(folder)).as_posix(), (2020, 1, 1, 0, 0, 0))
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
    build(folder)
    if not args.no_zip:
        zip_folder(folder, dist / "aula-offline.zip")
    print(f"offline bundle: {folder}" + ("" if args.no_zip else f" and {dist / 'aula-offline.zip'}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
