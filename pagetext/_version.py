"""The package version, in one place: pyproject.toml reads it, and the outputs that name their
producer (ALTO, hOCR, the server, `pagetext --version`) import it without the package root."""

__version__ = "0.1.0"
