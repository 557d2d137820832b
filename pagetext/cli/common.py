"""What every `pagetext` subcommand shares: exit codes and an argument parser that does not exit."""

from __future__ import annotations

import argparse

EXIT_OK, EXIT_DAMAGED, EXIT_USAGE, EXIT_PASSWORD = 0, 1, 2, 3


class Usage(Exception):
    """A usage error found while parsing arguments (argparse would exit on its own)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise Usage(f"{self.prog}: {message}")
