"""ruff and mypy over the code, so that the one test command keeps the code clean too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff comes with the test extra")
def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", "pagetext", "tests", "tools", "bench", "setup.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = _run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr
