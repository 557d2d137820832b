"""What every `pagetext` subcommand shares: exit codes, an argument parser that does not exit,
and the way library errors become messages and exit codes."""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Callable

from pagetext.errors import PasswordError, PdfError, PdfWarning, UsageError

EXIT_OK, EXIT_DAMAGED, EXIT_USAGE, EXIT_PASSWORD = 0, 1, 2, 3


class Usage(Exception):
    """A usage error found while parsing arguments (argparse would exit on its own)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise Usage(f"{self.prog}: {message}")


def run_reporting(prog: str, body: Callable[[], int], verbose: bool = False) -> int:
    """body()'s exit code, with PdfWarning shown only when verbose, and the library's errors
    turned into a message on stderr and their exit code (a reader that went away, as with
    `| head`, is not an error)."""
    with warnings.catch_warnings():
        warnings.simplefilter("default" if verbose else "ignore", PdfWarning)
        try:
            return body()
        except BrokenPipeError:
            sys.stderr.close()
            return EXIT_OK
        except PdfError as error:
            if isinstance(error.__cause__, BrokenPipeError):
                sys.stderr.close()
                return EXIT_OK
            failure = error
    print(f"{prog}: {failure}", file=sys.stderr)
    if isinstance(failure, PasswordError):
        return EXIT_PASSWORD
    return EXIT_USAGE if isinstance(failure, UsageError) else EXIT_DAMAGED
