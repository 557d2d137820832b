"""The `pagetext` command. One module per subcommand; `pagetext FILE` extracts text.

pagetext FILE [-p RANGE] [-o OUT] [--password PW] [--order reading|content|structure|auto]
              [--format text|json|hocr|alto|markdown] [--glyphs] [--structure] [--dehyphenate]
              [--no-annotations] [--hidden keep|drop|flag]
pagetext explain FILE -p N
pagetext batch INPUT... -o OUTDIR [--format F] [-j N] [--resume] ...  (many files on all cores)
pagetext serve [--host 127.0.0.1] [--port 8080] [--workers N]
pagetext tables FILE [-p RANGE] [--format csv|markdown|html|json] [-o OUT] [--no-merge]
pagetext hidden FILE [-p RANGE] [--format text|json] [-o OUT]  (the text a viewer does not show)
pagetext --version
pagetext redact FILE -o OUT.pdf [--text S]... [--regex R]... [--box PAGE:x0,y0,x1,y1]... (see cli/redact.py)
"""

from __future__ import annotations

import importlib
import os
import sys

from pagetext._version import __version__
from pagetext.cli import extract
from pagetext.cli.common import EXIT_INTERRUPTED

# Subcommand → the module whose `run(argv)` implements it, imported only when asked for, so
# that `pagetext FILE` does not pay for the server's or the tables' imports.
SUBCOMMANDS: dict[str, str] = {
    "batch": "pagetext.cli.batch",
    "serve": "pagetext.cli.serve",
    "tables": "pagetext.cli.tables",
    "redact": "pagetext.cli.redact",
    "hidden": "pagetext.cli.hidden",
}


def version_text() -> str:
    """pagetext's version and build (compiled: the mypyc extension modules are loaded), and
    the versions of pikepdf and the qpdf it wraps."""
    import pikepdf

    from pagetext.content import interpreter

    compiled = interpreter.__file__ is not None and interpreter.__file__.endswith((".so", ".pyd"))
    build = "compiled" if compiled else "plain"
    qpdf = pikepdf.__libqpdf_version__
    return f"pagetext {__version__} ({build} build)\npikepdf {pikepdf.__version__}, qpdf {qpdf}"


def command() -> None:
    """The `pagetext` program: main's exit code, as a process. After Ctrl-C the process ends
    at once with 130: CPython 3.11 marks a KeyboardInterrupt that crossed a nested run of
    Python code (pikepdf's bindings run some) as unhandled although main caught it, and would
    kill itself with SIGINT on the way out. Every output was closed or removed on the way up."""
    code = main()
    if code == EXIT_INTERRUPTED:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


def main(argv: list[str] | None = None) -> int:
    """The exit code of `pagetext ARGV...`; Ctrl-C anywhere (an import included) is 130."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv[:1] == ["--version"]:
            print(version_text())
            return 0
        if argv and argv[0] == "explain":
            return extract.run(argv[1:], is_explain=True)
        if argv and argv[0] in SUBCOMMANDS:
            run = importlib.import_module(SUBCOMMANDS[argv[0]]).run
            return int(run(argv[1:]))
        return extract.run(argv)
    except KeyboardInterrupt:
        print("pagetext: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
