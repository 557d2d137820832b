"""What every `pagetext` subcommand shares: exit codes, an argument parser that does not exit,
the refusal to write over an input, `-` for standard input and output, and the way library
errors, I/O errors and Ctrl-C become one line on stderr and an exit code."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from typing import IO, Final

from pagetext.errors import FileWriteError, PasswordError, PdfError, PdfWarning, UsageError
from pagetext.pdf.atomic import atomic_open

EXIT_OK, EXIT_DAMAGED, EXIT_USAGE, EXIT_PASSWORD = 0, 1, 2, 3
EXIT_IO: Final = 4  # an output could not be written (full disk, no permission, no such directory)
EXIT_SERVE: Final = 5  # pagetext serve could not start listening (port taken or invalid, bad host)
EXIT_INTERRUPTED: Final = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C
STDIO: Final = "-"  # the file name that means standard input (or, for -o, standard output)


class Usage(Exception):
    """A usage error found while parsing arguments (argparse would exit on its own)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise Usage(f"{self.prog}: {message}")


def refuse_same_file(source: str, output: str | None) -> None:
    """A usage error when output names the same file as source (hard links included): the
    output would be written over the input it is read from."""
    if output is None or STDIO in (source, output) or not os.path.exists(output):
        return
    with contextlib.suppress(OSError):
        if os.path.samefile(source, output):
            raise UsageError(f"the output {output!r} is the input file; choose another output")


def source(name: str) -> str | bytes:
    """What pagetext.open is given for an input name: the bytes of standard input for `-`."""
    return sys.stdin.buffer.read() if name == STDIO else name


@contextlib.contextmanager
def output_stream(output: str | None) -> Iterator[IO[bytes]]:
    """Standard output when no output or `-` is named, else the file, written atomically."""
    if output is None or output == STDIO:
        yield sys.stdout.buffer
        sys.stdout.flush()
        return
    with atomic_open(output) as stream:
        yield stream


def _one_line(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: IO[str] | None = None,
    line: str | None = None,
) -> None:
    print(f"pagetext: warning: {' '.join(str(message).split())}", file=sys.stderr)


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so that the interpreter's last flush of what is
    left in its buffer (to a closed pipe or a full disk) fails no more."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def run_reporting(prog: str, body: Callable[[], int], verbose: bool = False) -> int:
    """body()'s exit code, with PdfWarning shown (one line each) only when verbose, and the
    library's errors, I/O errors and Ctrl-C turned into one line on stderr and their exit
    code. A reader that went away, as with `| head`, is not an error: exit 0, nothing said."""
    with warnings.catch_warnings():
        warnings.simplefilter("default" if verbose else "ignore", PdfWarning)
        warnings.showwarning = _one_line
        try:
            return body()
        except KeyboardInterrupt:
            _quiet_stdout()
            print(f"{prog}: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        except BrokenPipeError:
            _quiet_stdout()
            return EXIT_OK
        except PdfError as error:
            if isinstance(error.__cause__, BrokenPipeError):
                _quiet_stdout()
                return EXIT_OK
            failure: Exception = error
        except OSError as error:  # standard output on a full disk or a closed descriptor
            _quiet_stdout()
            failure = FileWriteError(f"cannot write the output: {error.strerror or error}")
    print(f"{prog}: {failure}", file=sys.stderr)
    if isinstance(failure, PasswordError):
        return EXIT_PASSWORD
    if isinstance(failure, FileWriteError):
        return EXIT_IO
    return EXIT_USAGE if isinstance(failure, UsageError) else EXIT_DAMAGED
