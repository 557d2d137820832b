"""Smoke-test an installed wheel of the compiled build against this checkout's plain build.

    python tools/wheel_smoke.py VENV

VENV is a virtual environment the wheel was installed into (by `.ci/run`: a fresh one,
with no compiler in reach). Run with a Python whose `pagetext` is this checkout in plain
Python (the `.venv` of the plain test run). It checks that the wheel's package is the
compiled build (its modules are extension modules), ships py.typed, and that its `pagetext`
command prints, for each file, exactly the bytes `python -m pagetext` of the plain build
prints: text and JSON of examples/sample.pdf, and text of a few corpus files of several
producers and scripts when ../shared/corpus is beside the checkout. Prints one line per
file and a summary; exit code 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
# Producers, scripts and layouts that take different paths through the code: glyph runs,
# vertical Japanese, Korean, two columns, tables, xshow, watermarks, a rotated page.
CORPUS_FILES = [
    "generated/cairo_twocol_glyph_runs.pdf",
    "generated/chromium_ja_vertical_rl.pdf",
    "generated/groff_ms_grops_twocol.pdf",
    "generated/lo_table_footnotes.pdf",
    "generated/ps2pdf_xshow_twocol.pdf",
    "generated/reportlab_watermark.pdf",
    "generated/tex_twocol_paper.pdf",
    "generated/uplatex_ja_vertical.pdf",
    "real/docling__skipped_1page.pdf",
    "real/pdfjs__hello_world_rotated.pdf",
    "real/pdfminer__simple1.pdf",
]
# A module the compiled build compiles (setup.py), and where the package's files are.
PROBE = "import pagetext.page as m, pagetext; print(m.__file__); print(pagetext.__file__)"


def _run(command: list[str], installed: bool) -> subprocess.CompletedProcess[bytes]:
    """The command run outside the checkout; for the installed wheel (installed=True) also
    without PYTHONPATH, which may put the checkout first for the reference."""
    environment = dict(os.environ)
    if installed:
        environment.pop("PYTHONPATH", None)
    with tempfile.TemporaryDirectory() as elsewhere:
        return subprocess.run(command, cwd=elsewhere, env=environment, capture_output=True, check=False)


def _modules(python: str, installed: bool) -> tuple[Path, Path]:
    """Where pagetext.page and the package are for `python`; a SystemExit if it has none."""
    probe = _run([python, "-c", PROBE], installed)
    lines = probe.stdout.decode().split()
    if probe.returncode != 0 or len(lines) != 2:
        error = (probe.stderr.decode().strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"wheel smoke test: {python} cannot import pagetext: {error}")
    return Path(lines[0]), Path(lines[1]).parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("venv", type=Path, help="the virtual environment the wheel is installed in")
    venv = parser.parse_args().venv.resolve()  # the commands run in another directory
    wheel_python = str(venv / "bin" / "python")
    problems: list[str] = []

    compiled, package = _modules(wheel_python, installed=True)
    if compiled.suffix != ".so":
        problems.append(f"the wheel's pagetext.page is {compiled}, not the compiled build")
    if not (package / "py.typed").is_file():
        problems.append(f"the wheel's package {package} has no py.typed")
    plain, _ = _modules(sys.executable, installed=False)
    if plain.suffix != ".py":
        problems.append(f"the reference build is not plain Python: pagetext.page is {plain}")
    print(f"wheel: {compiled.name} in {package}; reference: {plain}")

    cases = [(ROOT / "examples" / "sample.pdf", ["--format", "text"])]
    cases.append((ROOT / "examples" / "sample.pdf", ["--format", "json"]))
    if CORPUS.is_dir():
        cases += [(CORPUS / name, ["--format", "text"]) for name in CORPUS_FILES]
    else:
        print(f"no corpus at {CORPUS}: examples/sample.pdf only")
    for path, options in cases:
        wheel = _run([str(venv / "bin" / "pagetext"), str(path), *options], installed=True)
        reference = _run([sys.executable, "-m", "pagetext", str(path), *options], installed=False)
        same = (wheel.returncode, wheel.stdout) == (reference.returncode, reference.stdout)
        label = f"{path.name} {' '.join(options)}"
        verdict = "same" if same else "DIFFERENT"
        print(f"{verdict}: {label} ({len(wheel.stdout)} bytes, exit {wheel.returncode})")
        if not same:
            problems.append(f"{label}: {wheel.stderr.decode(errors='replace').strip()}")
    for problem in problems:
        print(f"wheel smoke test: {problem}", file=sys.stderr)
    print(f"wheel smoke test: {len(cases)} outputs compared, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
