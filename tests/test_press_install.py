"""templates/ lives at the repository root and installs with the package (issue 16 item 12):
a kit is built by frontkit installed from its wheel into a fresh venv, away from the source
tree, so only what the wheel carries can be found."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*cmd: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{cmd}: {done.stdout}\n{done.stderr}"
    return done


@pytest.mark.install
def test_a_kit_builds_from_the_wheel_installed_in_a_fresh_venv(tmp_path):
    # the wheel, offline: the build backend comes from the test extra (setuptools, wheel)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
        "-w", tmp_path / "dist", ROOT, cwd=tmp_path)
    [wheel] = (tmp_path / "dist").glob("frontkit-*.whl")
    # a fresh venv whose dependencies are this environment's (a .pth file), not frontkit itself
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    py = venv / "bin" / "python"
    site = Path(run(py, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=tmp_path).stdout.strip())
    (site / "deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    run(sys.executable, "-m", "pip", "--python", py, "install", "-q", "--no-deps", "--no-index", wheel,
        cwd=tmp_path)
    where = run(py, "-c", "import toolkit.pnp.sheets as s; print(s.__file__); print(s.TEMPLATES)",
                cwd=tmp_path).stdout.split()
    assert all(Path(p).is_relative_to(venv) for p in where), where  # not the source tree
    out = tmp_path / "kit"
    run(venv / "bin" / "frontkit", "build", ROOT / "content" / "front_line" / "main.scn",
        "--out", out, "--quiet", cwd=tmp_path)
    assert (out / "sheets.pdf").stat().st_size > 1000
    assert b"Items" in run(  # the game's own sheet template was found (its Items cards)
        sys.executable, "-c", "import sys, pypdf; print(''.join(p.extract_text() for p in "
        "pypdf.PdfReader(sys.argv[1]).pages))", out / "sheets.pdf", cwd=tmp_path).stdout.encode()
    made = run(venv / "bin" / "frontkit", "new", tmp_path / "mine.scn", cwd=tmp_path)
    assert (tmp_path / "mine.scn").is_file(), made.stdout


def test_the_source_checkout_finds_the_root_templates_folder():
    from toolkit.pnp.sheets import TEMPLATES
    from toolkit.resources import templates_dir

    assert templates_dir() == TEMPLATES == ROOT / "templates"
    assert (TEMPLATES / "sheets" / "generic.rml.j2").is_file()
    assert not (ROOT / "toolkit" / "templates").exists()
