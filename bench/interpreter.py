"""The Python that runs the bench, named in its reports. pagetext's read runs largely in
CPython's runtime (libpython: a third of perf's samples over median documents), pypdfium2's
hardly at all, so how that interpreter was built moves pagetext's ratios to its peers: see
bench/REPORT.md, "Where the first read goes now"."""

from __future__ import annotations

import platform
import sys
from pathlib import Path


def libpython(maps: Path = Path("/proc/self/maps")) -> str:
    """Where the running interpreter's runtime is: the shared library it loaded, "linked into
    the executable", or "not told" where the process's mappings cannot be read (not Linux)."""
    try:
        text = maps.read_text()
    except OSError:
        return "not told"
    for line in text.splitlines():
        fields = line.split(maxsplit=5)  # address, perms, offset, device, inode, path (if any)
        if len(fields) == 6 and Path(fields[5]).name.startswith("libpython"):
            return f"shared library {fields[5]}"
    return "linked into the executable"


def describe() -> str:
    """One line for a report: version, executable and where libpython is."""
    return f"Python {platform.python_version()} ({sys.executable}; libpython: {libpython()})"
