"""bench.interpreter and the report's header: which Python, and which pagetext, ran the bench."""

from __future__ import annotations

import platform
from importlib import metadata
from pathlib import Path

import pytest

from bench.interpreter import describe, libpython

SHARED = (
    "55d0c0a00000-55d0c0a01000 r--p 00000000 fd:01 1234   /usr/bin/python3.11\n"
    "7f00a0000000-7f00a0200000 r-xp 00000000 fd:01 5678   /opt/py/lib/libpython3.11.so.1.0\n"
    "7ffd1c000000-7ffd1c021000 rw-p 00000000 00:00 0      [stack]\n"
    "7ffd1c100000-7ffd1c101000 rw-p 00000000 00:00 0\n"
)


def test_a_shared_libpython_is_named(tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    maps.write_text(SHARED)
    assert libpython(maps) == "shared library /opt/py/lib/libpython3.11.so.1.0"


def test_an_interpreter_without_one_has_it_linked_in(tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    maps.write_text("".join(line + "\n" for line in SHARED.splitlines() if "libpython" not in line))
    assert libpython(maps) == "linked into the executable"


def test_without_the_process_mappings_it_is_not_told(tmp_path: Path) -> None:
    assert libpython(tmp_path / "missing") == "not told"


def test_the_line_names_the_running_version() -> None:
    assert describe().startswith(f"Python {platform.python_version()} (")
    assert "libpython: " in describe()


def test_the_report_names_pagetexts_version_from_the_checkout_it_runs_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A worktree of another build need not be installed: its version is read from its sources.
    from bench import __main__ as bench_main
    from pagetext._version import __version__

    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(bench_main.metadata, "version", not_installed)
    assert bench_main._version("pagetext").startswith(f"{__version__} (")
    assert bench_main._version("pagetext_py") == f"{__version__} (plain Python)"
    assert bench_main._version("pypdf") == "?"
