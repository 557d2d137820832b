"""The package as built: when CI asks for the compiled build, the compiled modules are what
runs; either way the package is typed for its users (PEP 561)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pagetext.content.interpreter
import pagetext.layout.assembly
import pagetext.page
import pagetext.syntax.lexer

ROOT = Path(__file__).resolve().parent.parent
USER_SCRIPT = ROOT / "tests" / "user_code" / "user_script.py"


@pytest.mark.skipif(os.environ.get("PAGETEXT_COMPILE") != "1", reason="only for the compiled build")
def test_the_compiled_modules_are_the_ones_imported() -> None:
    for module in (
        pagetext.syntax.lexer,
        pagetext.content.interpreter,
        pagetext.layout.assembly,
        pagetext.page,
    ):
        assert module.__file__ is not None
        assert not module.__file__.endswith(".py"), module.__file__


def test_every_compiled_module_exists() -> None:
    # setup.py names the modules mypyc compiles; a renamed module must not drop out silently.
    listed = [line.strip().strip('",') for line in (ROOT / "setup.py").read_text().splitlines()]
    modules = [entry for entry in listed if entry.startswith("pagetext/") and entry.endswith(".py")]
    assert len(modules) >= 10
    for module in modules:
        assert (ROOT / module).is_file(), module


_LINUX_BINUTILS = sys.platform.startswith("linux") and shutil.which("objdump") is not None


@pytest.mark.skipif(
    os.environ.get("PAGETEXT_COMPILE") != "1" or not _LINUX_BINUTILS,
    reason="only for the compiled build on Linux, with binutils",
)
def test_the_generated_functions_call_each_other_directly() -> None:
    # setup.py compiles with -fno-semantic-interposition: without it every call between
    # mypyc's exported functions goes through the PLT (over a thousand call sites).
    assert pagetext.page.__file__ is not None
    shared = next(Path(pagetext.page.__file__).parent.parent.glob("pagetext__mypyc*.so"))
    listing = subprocess.run(["objdump", "-d", str(shared)], capture_output=True, text=True, check=True)
    calls = [line for line in listing.stdout.splitlines() if "call" in line and "<CPyDef_" in line]
    assert len(calls) > 1000
    assert not [line for line in calls if "@plt>" in line]


def test_a_users_script_type_checks_strictly_against_the_package(tmp_path: Path) -> None:
    # As a user's mypy sees pagetext: a package on the path (here this checkout, on
    # PYTHONPATH), typed only because it ships py.typed (PEP 561). The script is checked from
    # outside the checkout, or mypy would take the checkout for the user's own code. No Any
    # may reach the user's code either.
    script = tmp_path / USER_SCRIPT.name
    shutil.copyfile(USER_SCRIPT, script)
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "mypy", "--strict", "--disallow-any-expr", "--no-incremental"]
    command += ["--cache-dir", str(tmp_path / "cache"), script.name]
    environment = {**os.environ, "PYTHONPATH": path}
    result = subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found in 1 source file")
